import { z } from 'zod';
import { MOBILE_PLAYER_TAG } from '../constants.ts';
import { filterText, id, isoTime, pageQuery, queryBool, safeString, status01 } from './common.ts';
import { type InstanceSong, instanceImage, instanceImages, instanceSongNamed, instanceSources } from './instances.ts';
import { mobileMenuContent } from './mobile-settings.ts';
import { frequencyBands, playerInfos, playerProduct, playerSong } from './player.ts';

/**
 * The mobile widget and its operator area: mobile instances and the widget's read. A mobile instance's products are
 * schemas/mobile-products.ts, the retailers schemas/retailers.ts, the mobile settings schemas/mobile-settings.ts.
 * Decisions beyond the spec are in docs/api.md "Mobile instances" and "Retailers and mobile settings".
 */

// ── Mobile instance ─────────────────────────────────────────────────────────────────────────────────

/**
 * General: the name (required, as every name a list shows), the status the widget needs to open it, and Listener
 * votes (off unless set: the widget's blind mode then asks which product the listener preferred).
 */
export const mobileGeneral = z.object({
  name: safeString()
    .trim()
    .min(1, { error: 'is required' })
    .max(200, { error: 'must be at most 200 characters' })
    .describe('The name: 1–200 characters, trimmed.'),
  is_published: status01.default(0).describe('1: published (the mobile widget opens it); 0: not yet.'),
  listener_votes: status01
    .default(0)
    .describe('1: after a blind test the mobile widget asks "Which did you prefer?"; 0: it does not (the default).'),
});
export type MobileGeneral = z.infer<typeof mobileGeneral>;

/** The launch code of a mobile instance: what a page puts to open it in the mobile widget (General tab). */
export const mobileLaunchCode = (origin: string, instanceId: string) =>
  `<script src="${origin}/player/atk-mobile.js" defer></script>\n` +
  `<${MOBILE_PLAYER_TAG} instance-id="${instanceId}" status="show"></${MOBILE_PLAYER_TAG}>`;

/** GET /atk/mobile/instances/{id}. The products are read a page at a time (mobileProductsQuery). */
const mobileListGeneral = z
  .object({
    name: z.string().describe('Its name.'),
    is_published: status01.describe('1: published; 0: not yet.'),
    listener_votes: status01.describe('1: the widget asks blind listeners for a vote; 0: not.'),
  })
  .describe('Its name, status and Listener votes.');
export const mobileInstance = z.object({
  _id: z.string().describe('Its id.'),
  general: mobileListGeneral,
  sources: z.array(instanceSongNamed).describe('Its songs and their sources, in order.'),
  images: z.array(instanceImage).describe('The two image features, in order.'),
  /** How many products it lists, and how many of them are active and featured. */
  product_counts: z
    .object({
      total: z.number().int().describe('Products it lists.'),
      active: z.number().int().describe('Of them active.'),
      featured: z.number().int().describe('Of them featured.'),
    })
    .describe('How many products it lists, and how many of them are active and featured.'),
  updated_at: isoTime.describe('When it last changed.'),
});
export type MobileInstance = z.infer<typeof mobileInstance>;

/** PUT /atk/mobile/instances/{id}: exactly one of general, sources, images. */
export type MobileInstanceUpdate = { general: MobileGeneral } | { sources: InstanceSong[] } | { images: MobileImages };
export type MobileImages = z.infer<typeof instanceImages>;
export const mobileInstanceUpdate = z
  .object({
    general: mobileGeneral.optional().describe('General: name, status and Listener votes.'),
    sources: instanceSources.optional().describe('Its songs and their sources, in order.'),
    images: instanceImages.optional().describe('The two image features, in order.'),
  })
  .strict()
  .refine((b) => [b.general, b.sources, b.images].filter((part) => part !== undefined).length === 1, {
    error: 'must hold exactly one of general, sources, images',
  })
  .transform((b) => b as MobileInstanceUpdate);

/** POST /admin/mobile_instances {general}. */
export const mobileInstanceCreate = z
  .object({ general: mobileGeneral.describe('Its name and status.') })
  .meta({ example: { general: { name: 'Summer deals', is_published: 0 } } });
export type MobileInstanceCreate = z.input<typeof mobileInstanceCreate>;

export const mobileInstanceQuery = pageQuery.extend({
  name: filterText(200).describe('Part of the name, any case.'),
  is_published: queryBool.optional().describe('Only published (true) or only unpublished (false) ones.'),
});
export type MobileInstanceQuery = z.infer<typeof mobileInstanceQuery>;
export const mobileInstanceListItem = z.object({
  _id: z.string().describe('Its id.'),
  general: mobileListGeneral,
  updated_at: isoTime.describe('When it last changed.'),
});
export type MobileInstanceListItem = z.infer<typeof mobileInstanceListItem>;

// ── The widget's read ───────────────────────────────────────────────────────────────────────────────

/**
 * GET /widget/mobile_instances/{id} (public, as the desktop read): a published mobile instance with what the
 * widget shows. `products` are the active ones (each with its brand), the featured first in their slots;
 * `slots` are the product ids on screen at launch (1–3). Songs carry every active product's ready versions.
 */
export const mobilePlayerInstance = z.object({
  _id: z.string().describe("The mobile instance's id."),
  name: z.string().describe('Its name.'),
  products: z.array(playerProduct).describe('Its active products (each with its brand), the featured first.'),
  slots: z.array(z.string()).describe('The product ids on screen at launch (1–3).'),
  songs: z.array(playerSong).describe("Its songs, each source with every active product's ready versions."),
  menu: mobileMenuContent.describe("The entries the widget's menu shows, in order."),
  infos: playerInfos(['listening_tips', 'about_us', 'faq'] as const),
  frequency_bands: frequencyBands.describe("The frequency graph's seven bands."),
  /** The codes of the instance's images by order (its Images tab), as the desktop read: which gallery IMAGES
   * shows first. */
  image_order: z.array(z.string()).describe('The image features by order: which gallery IMAGES shows first.'),
  /** Active retailers for DEALS. */
  retailers: z
    .array(
      z.object({
        _id: z.string().describe("The retailer's id."),
        name: z.string().describe('Its name.'),
        image: z.string().nullable().describe("Its logo's address; null when none."),
        website: z.string().nullable().describe("The shop's address; null when none."),
      }),
    )
    .describe('The active retailers, for DEALS.'),
  /** 1 while a recording of an active product on an offered source is still being processed (as the desktop
   * read's `preparing`): the widget reads again until it is ready. */
  preparing: status01.describe('1 while a recording is still being processed: the widget reads again until ready.'),
  /** The instance's Listener votes: 1, the widget's blind mode asks "Which did you prefer?" (as the desktop's). */
  listener_votes: status01.describe('1: after a blind test the widget asks "Which did you prefer?".'),
  updated_at: isoTime.describe('When it last changed.'),
});
export type MobilePlayerInstance = z.infer<typeof mobilePlayerInstance>;

/** The atk operator's brand and product pickers (GET /atk_player/admin/brands, GET /atk/admin/products). */
export const atkProductsQuery = pageQuery.extend({ brand_id: id.describe('The brand whose products to list.') });
export type AtkProductsQuery = z.infer<typeof atkProductsQuery>;
export const atkProductItem = z.object({
  _id: z.string().describe("The product's id."),
  name: z.string().describe('Its name.'),
  model: z.string().nullable().describe('Its model.'),
});
export type AtkProductItem = z.infer<typeof atkProductItem>;
