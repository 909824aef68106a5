import type { GuideContent } from '@atk/contract';

/**
 * The client guide customers read at /client/guide until an operator saves one (/global/guides). Markdown,
 * one text per tab (spec 3 §2 "Client guide": Content, Players, Audio, Integrate).
 */
export const DEFAULT_GUIDE: GuideContent = {
  content: `## Your products

Everything a visitor sees in the player comes from your products. Open **Products** in the side menu to see them.

### Add a product

1. Click **New Product**, give it a name and a model, and choose its category and sub category.
2. Open the product and fill in its tabs. Each tab is saved on its own with **SAVE CHANGES**:
   - **General**: name, model, status, category. A product is shown in players only once its status is *Active*.
   - **Price**: a default price and, if you sell in several currencies, extra prices. Visitors see the price of their currency.
   - **Images**: a thumbnail, a large image, additional images and an optional 360° set of 8 pictures.
     Use square pictures of at least 1080×1080 pixels, 2 MB at most.
   - **Audio**: the songs and their sources (see below) with one recording per source.
   - **Listening Guide**: what a listener should pay attention to (see the hints beside the editor).
   - **Discography**, **Tech Specs** and **Frequency Graph**, when your plan includes them.

### Songs and sources

A **song** is one performance; its **sources** are the instruments or voices recorded in it (for example
*Acoustic Guitar* and *Vocal*). For every source you upload what the product sounds like on that source.

- A **cross-comparable** song is shared by several products: record the same performance through each product,
  and visitors can switch between the products while the song plays.
- A **single-product** song belongs to one product only.
- Songs marked as provided by the platform can be used but not changed.

### Upload audio

On the **Audio** tab click **Upload** beside a source and choose the file. The upload shows its progress; then
the file is processed (converted for streaming and measured). When it is ready a **320kbps mp3** link appears.
Read the **Audio** tab of this guide before recording.
`,
  players: `## Players

A **player** (an *instance*) is one configuration of the player that you place on a page of your website: which
products it offers, which songs and sources it plays, which features it shows and where its buy button leads.
You can have as many players as you need, for example one per product line. Open **My Players** in the side menu.

### Create a player

1. Click **New Instance**, choose a category and a sub category and give the player a name.
2. Open it with **Edit** and go through its tabs:
   - **General**: name, category, status, and the launch codes you copy into your website.
     Set the status to *Active* when the player is ready: an inactive player does not open on your website.
   - **Features**: switch features on or off (Listening Guide, Discography, Frequency Graphs, Tech Specs, Images)
     and choose the order in which they appear.
   - **Products**: the products the player offers. Switch a product *Active* to include it, and choose up to three
     **featured** products (slots 1 to 3): they are loaded when the player opens. Products of other brands can be
     added for comparison when your plan includes it.
   - **Sources**: which songs and sources are offered, and in which order.
   - **Images** and **Buy Button**: which images come first, and where the buy button takes the visitor,
     depending on the visitor's currency.
3. Use **Preview** in the list to open the player as your visitors will see it.

### Tips

- Keep a player focused: three to six products that a customer would really hesitate between.
- Offer at least one song that every product of the player has recorded, so visitors can compare them directly.
- **Duplicate** a player to start a similar one quickly.
`,
  audio: `## Audio guidelines

The player lets visitors switch between products **while the music plays**. For that to be a fair comparison,
the recordings must be made the same way.

### Accepted files

- **WAV** or **AIFF** (PCM), **FLAC**, **MP3**, **M4A** (AAC or ALAC) and **Ogg** (Vorbis, Opus or FLAC).
- Upload the best quality you have: lossless files (WAV, AIFF, FLAC) at 44.1 or 48 kHz are ideal. Every file is
  converted to a 320 kbps MP3 for streaming, so there is no benefit in uploading an MP3 if you have the original.
- Mono stays mono. Files with more than two channels are mixed down to stereo.
- Video files, or files that are not audio, are refused with a message telling you why.

### Record aligned takes of one performance

- For a cross-comparable song, every product must play **the same performance**: record it once through all
  products at the same time (a splitter, or microphones placed side by side), or re-amp one recorded take through
  each product.
- Export every version **from the same start point and with the same length**. The player switches products at
  the same instant of the song, so a version that starts a few milliseconds late will sound like a jump.
- Do not trim, fade, edit or time-stretch one version differently from the others.
- Keep the signal chain identical apart from the product itself (same room, position, preamp, converter),
  and describe it in the source's details so visitors know what they hear.

### Loudness

- Every file is **measured** (integrated loudness in LUFS and true peak) when it is processed, and the player
  **matches the levels** of the products it compares, so a louder product does not sound "better" by being louder.
- Leave the levels as they were recorded: do not normalise or compress the versions differently. Avoid clipping;
  keep peaks below about −1 dBFS.

### What makes a good recording

- 20 to 60 seconds of music with the quality you want to show: a quiet passage and a loud one, transients, voice.
- No click track bleed, no background noise, no effects added after recording.
`,
  integrate: `## Put the player on your website

The player is one small script and one style file. It never changes the look of your page: it draws itself
inside its own element.

1. **In the head of the page**, load the style file and the script file (the exact addresses are on the
   **Integration** page of this console).
2. **In the body**, place the player element once: \`<atk-player></atk-player>\`.
3. **Add a launch button** that tells the player which player instance to open. The button sets the instance id
   and the status *show* on the player element. Optionally it sets a **mini** position: the player then opens as
   a small floating panel at the given distance (in pixels) from the right and bottom edges of the window.

The **Integration** page in the side menu shows ready-to-copy code for:

- **Developers**: plain HTML and JavaScript.
- **Website builders**: where to paste the code (custom code in the page head, an embed or HTML block for the
  button).
- **Blogging platforms**: a theme header and an HTML block in a post.
- **Online stores**: a product *metafield* that holds the player instance id, so each product page opens its
  own player.

The codes there already carry the id of your first player; pick another player in the list to change them.
Each player's **General** tab also shows its own launch code.

### Checklist

- The player's status is **Active**, and it has at least one active product with audio.
- The script and the style file are loaded once per page, before the button is used.
- Only one \`<atk-player>\` element per page.
`,
};
