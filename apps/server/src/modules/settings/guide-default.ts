import type { GuideContent } from '@atk/contract';

/**
 * The client guide customers read at /client/guide until an operator saves one (/global/guides). Rich text of the
 * one allow-list (h3, p, strong, em, u, links; platform/html.ts), one text per tab: Content, Players, Audio,
 * Integrate (docs/api.md "Client guide and the player's public read"). Written in markdown before rich text and
 * converted by `markdownToRichText`, as stored guides were (bootstrap/rich-text.ts): list items are paragraphs
 * starting with their bullet or number.
 */
export const DEFAULT_GUIDE: GuideContent = {
  content: `<h3>Your products</h3>
<p>Everything a visitor sees in the player comes from your products. Open <strong>Products</strong> in the side menu to see them.</p>
<h3>Add a product</h3>
<p>1. Click <strong>New Product</strong>, give it a name and a model, and choose its category and sub category.</p>
<p>2. Open the product and fill in its tabs. Each tab is saved on its own with <strong>SAVE CHANGES</strong>:</p>
<p>◦ <strong>General</strong>: name, model, status, category. A product is shown in players only once its status is <em>Active</em>.</p>
<p>◦ <strong>Price</strong>: a default price and, if you sell in several currencies, extra prices. Visitors see the price of their currency.</p>
<p>◦ <strong>Images</strong>: a thumbnail, a large image, additional images and an optional 360° set of 8 pictures.
Use square pictures of at least 1080×1080 pixels, 2 MB at most.</p>
<p>◦ <strong>Audio</strong>: the songs and their sources (see below) with one recording per source.</p>
<p>◦ <strong>Listening Guide</strong>: what a listener should pay attention to (see the hints beside the editor).</p>
<p>◦ <strong>Discography</strong>, <strong>Tech Specs</strong> and <strong>Frequency Graph</strong>, when your plan includes them.</p>
<h3>Songs and sources</h3>
<p>A <strong>song</strong> is one performance; its <strong>sources</strong> are the instruments or voices recorded in it (for example
<em>Acoustic Guitar</em> and <em>Vocal</em>). For every source you upload what the product sounds like on that source.</p>
<p>• A <strong>cross-comparable</strong> song is shared by several products: record the same performance through each product,
and visitors can switch between the products while the song plays. Make it on one product's <strong>Audio</strong> tab with
<strong>CREATE NEW SONG</strong>, choosing <em>Cross-comparable song</em>, then add each other product to it with
<strong>ADD TO CROSS-COMPARABLE SONG</strong> on that product's Audio tab. Under each source, <em>Recorded by</em> names your
products whose recording of it is ready.</p>
<p>• A <strong>single-product</strong> song belongs to one product only.</p>
<p>• Songs marked as provided by the platform can be used but not changed.</p>
<h3>Upload audio</h3>
<p>On the <strong>Audio</strong> tab click <strong>Upload</strong> beside a source and choose the file. The upload shows its progress; then
the file is processed (converted for streaming and measured). When it is ready a <strong>320kbps mp3</strong> link appears.
Read the <strong>Audio</strong> tab of this guide before recording.</p>`,
  players: `<h3>Players</h3>
<p>A <strong>player</strong> (an <em>instance</em>) is one configuration of the player that you place on a page of your website: which
products it offers, which songs and sources it plays, which features it shows and where its buy button leads.
You can have as many players as you need, for example one per product line. Open <strong>My Players</strong> in the side menu.</p>
<h3>Create a player</h3>
<p>1. Click <strong>New Instance</strong>, choose a category and a sub category and give the player a name.</p>
<p>2. Open it with <strong>Edit</strong> and go through its tabs:</p>
<p>◦ <strong>General</strong>: name, category, status, and the launch codes you copy into your website.
Set the status to <em>Active</em> when the player is ready: an inactive player does not open on your website.</p>
<p>◦ <strong>Features</strong>: switch features on or off (Listening Guide, Discography, Frequency Graphs, Tech Specs, Images)
and choose the order in which they appear.</p>
<p>◦ <strong>Products</strong>: the products the player offers. Switch a product <em>Active</em> to include it, and choose up to three
<strong>featured</strong> products (slots 1 to 3): they are loaded when the player opens. Products of other brands can be
added for comparison when your plan includes it.</p>
<p>◦ <strong>Sources</strong>: which songs and sources are offered, and in which order.</p>
<p>◦ <strong>Images</strong> and <strong>Buy Button</strong>: which images come first, and where the buy button takes the visitor,
depending on the visitor's currency.</p>
<p>3. Use <strong>Preview</strong> in the list to open the player as your visitors will see it.</p>
<h3>Tips</h3>
<p>• Keep a player focused: three to six products that a customer would really hesitate between.</p>
<p>• Offer at least one song that every product of the player has recorded, so visitors can compare them directly.</p>
<p>• <strong>Duplicate</strong> a player to start a similar one quickly.</p>`,
  audio: `<h3>Audio guidelines</h3>
<p>The player lets visitors switch between products <strong>while the music plays</strong>. For that to be a fair comparison,
the recordings must be made the same way.</p>
<h3>Accepted files</h3>
<p>• <strong>WAV</strong> or <strong>AIFF</strong> (PCM), <strong>FLAC</strong>, <strong>MP3</strong>, <strong>M4A</strong> (AAC or ALAC) and <strong>Ogg</strong> (Vorbis, Opus or FLAC).</p>
<p>• Upload the best quality you have: lossless files (WAV, AIFF, FLAC) at 44.1 or 48 kHz are ideal. Every file is
converted to a 320 kbps MP3 for streaming, so there is no benefit in uploading an MP3 if you have the original.</p>
<p>• Mono stays mono. Files with more than two channels are mixed down to stereo.</p>
<p>• Video files, or files that are not audio, are refused with a message telling you why.</p>
<h3>Record aligned takes of one performance</h3>
<p>• For a cross-comparable song, every product must play <strong>the same performance</strong>: record it once through all
products at the same time (a splitter, or microphones placed side by side), or re-amp one recorded take through
each product.</p>
<p>• Export every version <strong>from the same start point and with the same length</strong>. The player switches products at
the same instant of the song, so a version that starts a few milliseconds late will sound like a jump.</p>
<p>• Do not trim, fade, edit or time-stretch one version differently from the others.</p>
<p>• Keep the signal chain identical apart from the product itself (same room, position, preamp, converter),
and describe it in the source's details so visitors know what they hear.</p>
<h3>Loudness</h3>
<p>• Every file is <strong>measured</strong> (integrated loudness in LUFS and true peak) when it is processed, and the player
<strong>matches the levels</strong> of the products it compares, so a louder product does not sound "better" by being louder.</p>
<p>• Leave the levels as they were recorded: do not normalise or compress the versions differently. Avoid clipping;
keep peaks below about −1 dBFS.</p>
<h3>What makes a good recording</h3>
<p>• 20 to 60 seconds of music with the quality you want to show: a quiet passage and a loud one, transients, voice.</p>
<p>• No click track bleed, no background noise, no effects added after recording.</p>`,
  integrate: `<h3>Put the player on your website</h3>
<p>The player is one small script and one style file. It never changes the look of your page: it draws itself
inside its own element.</p>
<p>1. <strong>In the head of the page</strong>, load the style file and the script file (the exact addresses are on the
<strong>Integration</strong> page of this console).</p>
<p>2. <strong>In the body</strong>, place the player element once: &lt;atk-player&gt;&lt;/atk-player&gt;.</p>
<p>3. <strong>Add a launch button</strong> that tells the player which player instance to open. The button sets the instance id
and the status <em>show</em> on the player element. Optionally it sets a <strong>mini</strong> position: the player then opens as
a small floating panel at the given distance (in pixels) from the right and bottom edges of the window.</p>
<p>The <strong>Integration</strong> page in the side menu shows ready-to-copy code for:</p>
<p>• <strong>Developers</strong>: plain HTML and JavaScript.</p>
<p>• <strong>Website builders</strong>: where to paste the code (custom code in the page head, an embed or HTML block for the
button).</p>
<p>• <strong>Blogging platforms</strong>: a theme header and an HTML block in a post.</p>
<p>• <strong>Online stores</strong>: a product <em>metafield</em> that holds the player instance id, so each product page opens its
own player.</p>
<p>The codes there already carry the id of your first player; pick another player in the list to change them.
Each player's <strong>General</strong> tab also shows its own launch code.</p>
<h3>Checklist</h3>
<p>• The player's status is <strong>Active</strong>, and it has at least one active product with audio.</p>
<p>• The script and the style file are loaded once per page, before the button is used.</p>
<p>• Only one &lt;atk-player&gt; element per page.</p>`,
};
