import { z } from 'zod';
import { GROUP_360_SLOTS, LISTENING_GUIDE_MAX } from '../constants.ts';
import { MSG } from '../messages.ts';
import { httpUrl, id, isHttpUrl, safeString, says, status01, text } from './common.ts';

/**
 * The sections a product is edited in, one a tab (docs/api.md "Brand content"): general, price, images, audio,
 * listening guide and discography. The tech specs are schemas/product-tech-specs.ts; the section update that saves
 * them, and the product as read, are schemas/products.ts.
 */

/** An uploaded file's address: only http(s) (docs/api.md "Text and URL rules"). */
const fileUrl = httpUrl(2000);
/** An uploaded file (its address and name); products.ts's read and frequency graph section use it too. */
export const fileRef = z.object({
  url: fileUrl.describe('Where the file is read from: an http(s) address, up to 2000 characters.'),
  name: safeString()
    .max(300, { error: 'must be at most 300 characters' })
    .describe("The file's name as shown beside it, up to 300 characters."),
});
/** An uploaded file of a product: its storage URL and its name. */
export type FileRef = z.infer<typeof fileRef>;

// ── General ──────────────────────────────────────────────────────────────────────────────────────────
export const productGeneral = z.object({
  name: safeString().trim().min(1, { error: 'is required' }).max(200).describe('The name: 1–200 characters.'),
  model: text(200).describe('The model, up to 200 characters.'),
  is_published: status01.default(0).describe('1: published (offered in players); 0: not (the default).'),
  /** Required: the players list a brand's products by the instance's category, so a product without one would
   * never reach a player (docs/api.md "Products"). A null or empty value is missing, not malformed. */
  category_id: z
    .uuid({
      error: (issue) => (issue.input == null || issue.input === '' ? 'is required' : 'must be a valid id'),
    })
    .describe('Its category (required: players list products by category).'),
  sub_category_id: id.nullish().describe('Its sub category, of that category; none when absent.'),
  /** Admins choose the brand; a customer's products always belong to its master brand. */
  brand_id: id
    .nullish()
    .describe(
      "Its brand: admins name it; a customer's products are its master brand's (a brand_id it sends is ignored).",
    ),
});
export type ProductGeneral = z.infer<typeof productGeneral>;

// ── Price ────────────────────────────────────────────────────────────────────────────────────────────
export const priceEntry = z.object({
  currency: safeString()
    .trim()
    .length(3, { error: 'must be a 3-letter ISO 4217 code' })
    .describe('The currency: its 3-letter ISO 4217 code (USD).'),
  price: z.number(says('must be a number')).min(0).max(100_000_000).describe('The amount, 0 to 100,000,000.'),
  symbol: safeString().max(8).describe('The symbol shown with it ($), up to 8 characters.'),
});
export type PriceEntry = z.infer<typeof priceEntry>;
export const productPrice = z.object({
  default: priceEntry.nullable().describe('The price shown first; null for none.'),
  list: z.array(priceEntry).max(50).default([]).describe('Its prices in other currencies, up to 50.'),
});
export type ProductPrice = z.infer<typeof productPrice>;

// ── Images ───────────────────────────────────────────────────────────────────────────────────────────
export const productImages = z.object({
  thumbnail: fileRef.nullable().default(null).describe('The thumbnail image; null for none.'),
  large: fileRef.nullable().default(null).describe('The large image; null for none.'),
  additional_images: z
    .array(
      fileRef.extend({
        order: z.number(says('must be a number')).int().min(0).describe('Its position in the gallery, 0 first.'),
      }),
    )
    .max(50)
    .default([])
    .describe('The gallery images, up to 50.'),
  group_360: z
    .array(fileRef.nullable())
    .max(GROUP_360_SLOTS, { error: `must have at most ${GROUP_360_SLOTS} slots` })
    .default([])
    .describe(`The 360° view's images by slot, up to ${GROUP_360_SLOTS}; null for an empty slot.`),
});
export type ProductImages = z.infer<typeof productImages>;

// ── Audio (one record, saved after an upload) ────────────────────────────────────────────────────────
export const productAudio = z.object({
  song_id: id.describe('The song it is a recording of.'),
  instrument_id: id.describe('The source (instrument track) it is a recording of.'),
  /** The storage key the presigned upload wrote (or its public URL): checked against the storage by the server. */
  url: safeString()
    .trim()
    .max(2000, { error: 'must be at most 2000 characters' })
    .describe('The storage key the presigned upload wrote (or its URL); the server checks the file is there.'),
  name: safeString().trim().min(1, { error: 'is required' }).max(300).describe("The uploaded file's name."),
});
export type ProductAudio = z.infer<typeof productAudio>;

// ── Listening guide, discography ─────────────────────────────────────────────────────────────────────
export const listeningGuide = z.object({
  content: safeString()
    .max(LISTENING_GUIDE_MAX, { error: 'is too long' })
    .describe(`The guide's rich text (HTML), up to ${LISTENING_GUIDE_MAX} characters.`),
});
export type ListeningGuide = z.infer<typeof listeningGuide>;
/** The listening guide as the product read (products.ts) carries it: what was stored, unbounded (as every stored
 * rich text, settings.ts `storedRichText`). */
export const storedListeningGuide = z.object({ content: z.string().describe("The guide's rich text (HTML).") });

export const discographyEntry = z.object({
  artist: text(200).describe('The artist, up to 200 characters.'),
  song: text(200).describe('The song, up to 200 characters.'),
  producer_engineer: text(200).describe('The producer or engineer, up to 200 characters.'),
  instruments: text(300).describe('The instruments it was used on, up to 300 characters.'),
  /** An http(s) link (saved as the provider's URI when it is one) or a `spotify:` URI as saved before. */
  spotify_link: safeString()
    .trim()
    .max(500, { error: 'must be at most 500 characters' })
    .refine((u) => u === '' || isHttpUrl(u) || SPOTIFY_URI.test(u), {
      error: `${MSG.httpUrlOnly} or a spotify: URI`,
    })
    .nullish()
    .describe('A Spotify link (http(s), saved as its spotify: URI) or a spotify: URI.'),
  tidal_link: httpUrl(500).nullish().describe('A TIDAL link (http(s)).'),
});
export const productDiscography = z.array(discographyEntry).max(200);
export type ProductDiscography = z.infer<typeof productDiscography>;
/** One record of a product's discography. */
export type DiscographyEntry = z.infer<typeof discographyEntry>;

/** A Spotify URI as spotifyUri makes it (spotify:track:ID). */
const SPOTIFY_URI = /^spotify:[a-z]+:[A-Za-z0-9]+$/;

/**
 * A Spotify link in the provider's URI form (docs/api.md "Brand content"): https://open.spotify.com/track/ID?si=… →
 * spotify:track:ID. Anything that does not parse as such a link is returned as it is.
 */
export function spotifyUri(link: string): string {
  const m = link.trim().match(/^https?:\/\/open\.spotify\.com\/(?:intl-[a-z-]+\/)?([a-z]+)\/([A-Za-z0-9]+)/);
  return m ? `spotify:${m[1]}:${m[2]}` : link;
}
