import { z } from 'zod';
import {
  ABX_TRIALS_DEFAULT,
  ABX_TRIALS_MAX,
  ABX_TRIALS_MIN,
  ATK_SONGS_CHOICES,
  DEFAULT_PRODUCTS_IN_PLAYER,
  ORDERED_FEATURES,
  PRODUCT_SLOTS,
  PRODUCTS_IN_PLAYER_CHOICES,
} from '../constants.ts';
import { filterText, httpUrl, id, isoTime, pageQuery, queryBool, safeString, says, status01 } from './common.ts';

/** Player instances (docs/api.md "Instances and subscriptions"). */

const order = (max: number) =>
  z
    .number(says('must be a number'))
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(max, { error: `must be at most ${max}` });

// ── General ──────────────────────────────────────────────────────────────────────────────────────────
export const instanceGeneral = z.object({
  /** Required, as every name a list shows (a nameless row cannot be told apart). */
  name: safeString()
    .trim()
    .min(1, { error: 'is required' })
    .max(200, { error: 'must be at most 200 characters' })
    .describe('The name: 1–200 characters, trimmed.'),
  category_id: id.nullish().describe('The category it is listed under, if any.'),
  sub_category_id: id.nullish().describe('The sub category it is listed under, if any.'),
  is_published: status01.default(0).describe('1: published (the player shows it to visitors); 0: not yet.'),
  website: httpUrl(2000).nullish().describe('The page it is placed on (http or https), if given.'),
  /** Admins choose the brand; a customer's instances always belong to its master brand. */
  brand_id: id
    .nullish()
    .describe("Its brand: admins name it; a customer's instances are its master brand's (what it sends is ignored)."),
});
export type InstanceGeneral = z.infer<typeof instanceGeneral>;

// ── Features ─────────────────────────────────────────────────────────────────────────────────────────

const isEnable = status01.describe('1: on; 0: off.');
const orderedFeature = z.object({
  is_enable: isEnable,
  order: order(ORDERED_FEATURES.length).describe(
    `Its place among the ${ORDERED_FEATURES.length} ordered features, 1 first; each order once.`,
  ),
});
const enableOnly = z.object({ is_enable: isEnable });
const maxOf = (choices: readonly number[]) =>
  z.object({
    max_num: z
      .number(says('must be a number'))
      .refine((n) => choices.includes(n), { error: `must be one of ${choices.join(', ')}` })
      .describe(`One of ${choices.join(', ')}.`),
  });

export const instanceFeaturesShape = z.object({
  listening_guide: orderedFeature.describe("The products' listening guide."),
  discography: orderedFeature.describe("The products' discography."),
  frequency_graphs: orderedFeature.describe("The products' frequency graphs."),
  tech_specs: orderedFeature.describe("The products' tech specs."),
  images: orderedFeature.describe("The products' images."),
  products_in_player: maxOf(PRODUCTS_IN_PLAYER_CHOICES).describe(
    'How many products the player offers at once (99999: no limit).',
  ),
  atk_songs: maxOf(ATK_SONGS_CHOICES).describe('How many platform (ATK) songs the player offers.'),
  other_brands_products: enableOnly.describe("Whether other brands' products may be listed."),
  my_audio: enableOnly.describe("My Audio: whether the brand's own songs follow the products' songs."),
  display_price: enableOnly.describe('Whether the player shows prices.'),
  /** Absent in what older consoles send: off. */
  listener_votes: enableOnly
    .default({ is_enable: 0 })
    .describe('Listener votes: after a blind test the player asks which product the visitor preferred.'),
  /** Absent in what older consoles send: off, 8 trials. */
  abx_test: z
    .object({
      is_enable: isEnable,
      trials: z
        .number(says('must be a number'))
        .int({ error: 'must be a whole number' })
        .min(ABX_TRIALS_MIN, { error: `must be at least ${ABX_TRIALS_MIN}` })
        .max(ABX_TRIALS_MAX, { error: `must be at most ${ABX_TRIALS_MAX}` })
        .default(ABX_TRIALS_DEFAULT)
        .describe(`Trials a test has: ${ABX_TRIALS_MIN}–${ABX_TRIALS_MAX} (${ABX_TRIALS_DEFAULT} unless set).`),
    })
    .default({ is_enable: 0, trials: ABX_TRIALS_DEFAULT })
    .describe('ABX test: from a blind test, a visitor tests whether two products can be told apart.'),
  /** Absent in what older consoles send: off. */
  utm_tags: enableOnly
    .default({ is_enable: 0 })
    .describe(
      "UTM tags on buy links: the player adds utm_source=atk-player, utm_medium=referral and utm_campaign=<the instance name's slug>, keeping the link's own query.",
    ),
});
export const instanceFeatures = instanceFeaturesShape.refine(
  (f) => new Set(ORDERED_FEATURES.map((k) => f[k].order)).size === ORDERED_FEATURES.length,
  {
    error: 'orders of the ordered features must be distinct (1 to 5)',
    path: ['order'],
  },
);
export type InstanceFeatures = z.infer<typeof instanceFeatures>;

export const DEFAULT_FEATURES: InstanceFeatures = {
  listening_guide: { is_enable: 1, order: 1 },
  discography: { is_enable: 0, order: 2 },
  frequency_graphs: { is_enable: 0, order: 3 },
  tech_specs: { is_enable: 0, order: 4 },
  images: { is_enable: 1, order: 5 },
  products_in_player: { max_num: DEFAULT_PRODUCTS_IN_PLAYER },
  atk_songs: { max_num: 3 },
  other_brands_products: { is_enable: 0 },
  my_audio: { is_enable: 0 },
  display_price: { is_enable: 1 },
  listener_votes: { is_enable: 0 },
  abx_test: { is_enable: 0, trials: ABX_TRIALS_DEFAULT },
  utm_tags: { is_enable: 0 },
};

// ── Products ─────────────────────────────────────────────────────────────────────────────────────────
/** Why a product an instance lists is not in its player (the player read's rules, docs/api.md). */
export const PRODUCT_HIDDEN_REASONS = ['pending', 'deleted', 'brand'] as const;
export type ProductHiddenReason = (typeof PRODUCT_HIDDEN_REASONS)[number];
export const instanceProduct = z.object({
  product_id: id.describe('The product.'),
  brand_id: id.describe("The product's brand."),
  is_active: status01.describe('1: offered by the player; 0: listed but switched off.'),
  order: order(PRODUCT_SLOTS)
    .nullable()
    .describe(`The featured slot (1–${PRODUCT_SLOTS}) it takes, one product a slot across both lists; null: none.`),
});
export type InstanceProduct = z.infer<typeof instanceProduct>;
/** A product of an instance as the server answers it: with its name and brand (ignored when saved). */
export const instanceProductNamed = instanceProduct.extend({
  name: z.string().describe("The product's name."),
  brand_name: z.string().describe("Its brand's name."),
  hidden: z
    .enum(PRODUCT_HIDDEN_REASONS)
    .nullable()
    .describe(
      'Why visitors will not see it even while Active: pending (the product is not published), deleted (the ' +
        'product is), brand (its brand is deleted, or another brand not confirmed yet); null: the player may show it.',
    ),
});
export type InstanceProductNamed = z.infer<typeof instanceProductNamed>;
/** Each featured slot (1–3) is held by one product at most, across both lists. */
const slotsUnique = (lists: InstanceProduct[][]) => {
  const slots = lists.flat().flatMap((p) => (p.order === null ? [] : [p.order]));
  return new Set(slots).size === slots.length;
};
const SLOTS_UNIQUE = 'each featured slot (1 to 3) may be held by one product only';
const productList = z.array(instanceProduct).max(1000).describe("The brand's own products of the player.");
const otherProductList = productList.describe("Other brands' products of the player.");
export const instanceProducts = z
  .object({ products: productList, other_products: otherProductList })
  .refine(({ products, other_products }) => slotsUnique([products, other_products]), {
    error: SLOTS_UNIQUE,
    path: ['products'],
  });

// ── Sources ──────────────────────────────────────────────────────────────────────────────────────────
export const instanceInstrument = z.object({
  instrument_id: id.describe('The source (instrument track).'),
  is_active: status01.describe('1: offered by the player; 0: switched off.'),
  order: order(1000).describe("Its position among the song's sources, 1 first, without gaps."),
});
export type InstanceInstrument = z.infer<typeof instanceInstrument>;
export const instanceSong = z.object({
  song_id: id.describe('The song.'),
  is_active: status01.describe('1: offered by the player; 0: switched off.'),
  order: order(1000).describe('Its position among the songs, 1 first, without gaps.'),
  instruments: z.array(instanceInstrument).max(200).describe('Its sources in the player.'),
});
export type InstanceSong = z.infer<typeof instanceSong>;
/** A song of an instance as the server answers it: with the names to show (ignored when saved). */
export const instanceSongNamed = instanceSong.extend({
  name: z.string().describe("The song's name."),
  song_writer: z.string().nullable().describe('Who wrote it.'),
  instruments: z
    .array(
      instanceInstrument.extend({
        name: z.string().describe("The source's name."),
        performer: z.string().nullable().describe('Who plays it.'),
      }),
    )
    .describe('Its sources in the player.'),
});
export type InstanceSongNamed = z.infer<typeof instanceSongNamed>;

const contiguous = (orders: number[]) => [...orders].sort((a, b) => a - b).every((o, i) => o === i + 1);
export const instanceSources = z
  .array(instanceSong)
  .max(500)
  .refine((songs) => contiguous(songs.map((s) => s.order)), { error: 'song orders must run 1, 2, 3… without gaps' })
  .refine((songs) => songs.every((s) => contiguous(s.instruments.map((i) => i.order))), {
    error: 'source orders must run 1, 2, 3… without gaps within each song',
  });

// ── Images, buttons ──────────────────────────────────────────────────────────────────────────────────
export const INSTANCE_IMAGES = [
  { code: 'group_360', name: '360° Group' },
  { code: 'additional', name: 'Additional Image' },
] as const;
export const instanceImage = z.object({
  code: z
    .enum(['group_360', 'additional'], { error: 'must be group_360 or additional' })
    .describe('group_360: the 360° group; additional: the additional images.'),
  name: safeString().max(100, { error: 'must be at most 100 characters' }).describe('Its title in the player.'),
  order: order(2).describe('Which of the two the player shows first (1).'),
});
export type InstanceImage = z.infer<typeof instanceImage>;
export const instanceImages = z
  .array(instanceImage)
  .length(2, { error: 'must hold the two images' })
  .refine((imgs) => imgs.length !== 2 || (imgs[0].code !== imgs[1].code && imgs[0].order !== imgs[1].order), {
    error: 'the two images take orders 1 and 2',
  });

export const buttonDestination = z.object({
  currency: safeString().trim().max(3, { error: 'must be a 3-letter ISO 4217 code' }).describe('ISO 4217 code.'),
  symbol: safeString().max(8).describe('The currency symbol shown.'),
  url: httpUrl(2000).describe('Where the buy button leads (http or https).'),
});
export type ButtonDestination = z.infer<typeof buttonDestination>;
export const instanceButtons = z.object({
  default: buttonDestination.describe("The buy button's destination when no currency below matches."),
  list: z.array(buttonDestination).max(50).describe('A destination for each currency.'),
});
export type InstanceButtons = z.infer<typeof instanceButtons>;
export const DEFAULT_BUTTONS: InstanceButtons = { default: { currency: 'USD', symbol: '$', url: '' }, list: [] };
export const DEFAULT_IMAGES: InstanceImage[] = INSTANCE_IMAGES.map((img, i) => ({ ...img, order: i + 1 }));

// ── Requests and answers ─────────────────────────────────────────────────────────────────────────────
/** The parts of an instance that PUT /instances/{id} saves, one per request. */
export const INSTANCE_PARTS = [
  'general',
  'features',
  'products',
  'sources',
  'my_sources',
  'images',
  'buttons',
] as const;
export type InstancePart = (typeof INSTANCE_PARTS)[number];

/** PUT /instances/{id}: exactly one part (products goes with other_products). */
export type InstanceUpdate =
  | { general: InstanceGeneral }
  | { features: InstanceFeatures }
  | { products: InstanceProduct[]; other_products: InstanceProduct[] }
  | { sources: InstanceSong[] }
  | { my_sources: InstanceSong[] }
  | { images: InstanceImage[] }
  | { buttons: InstanceButtons };

/**
 * One object with every part optional (not a union), so a bad field is named in the error
 * (`features.discography.is_enable must be 0 or 1`) rather than lost in "matches no option".
 */
export const instanceUpdate = z
  .object({
    general: instanceGeneral.optional().describe('General: name, category, status, website, brand.'),
    features: instanceFeatures.optional().describe('Features: every feature, each order once.'),
    products: productList.optional(),
    other_products: otherProductList.optional(),
    sources: instanceSources.optional().describe("The products' songs and their sources, in order."),
    my_sources: instanceSources.optional().describe("My Audio: the brand's own songs and their sources, in order."),
    images: instanceImages.optional().describe('The two image features, in order.'),
    buttons: instanceButtons.optional().describe("The buy button's destinations."),
  })
  .strict()
  .superRefine((body, ctx) => {
    const given = INSTANCE_PARTS.filter((part) =>
      part === 'products' ? body.products !== undefined || body.other_products !== undefined : body[part] !== undefined,
    );
    if (given.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message:
          'must hold exactly one of general, features, products with other_products, sources, my_sources, images, buttons',
      });
      return;
    }
    if (given[0] !== 'products') return;
    if (body.products === undefined) ctx.addIssue({ code: 'custom', path: ['products'], message: 'is required' });
    else if (body.other_products === undefined)
      ctx.addIssue({ code: 'custom', path: ['other_products'], message: 'is required' });
    else if (!slotsUnique([body.products, body.other_products]))
      ctx.addIssue({ code: 'custom', path: ['products'], message: SLOTS_UNIQUE });
  })
  .transform((body) => body as InstanceUpdate);

export const instanceQuery = pageQuery.extend({
  name: filterText(200).describe('Part of the name, any case.'),
  is_published: queryBool.optional().describe('Only published (true) or only unpublished (false) ones.'),
  /** Admins: the brand whose instances to list. */
  brand_id: id.optional().describe("Admins: only this brand's (a customer's is always its master brand)."),
});
export type InstanceQuery = z.infer<typeof instanceQuery>;

const instanceId = z.string().describe('Its id.');
const instanceBrand = z.string().describe('Its brand.');
const updatedAt = isoTime.describe('When it last changed.');
export const instanceListItem = z.object({
  _id: instanceId,
  brand_id: instanceBrand,
  general: z
    .object({
      name: z.string().describe('Its name.'),
      is_published: status01.describe('1: published; 0: not yet.'),
    })
    .describe('Its name and status.'),
  updated_at: updatedAt,
});
export type InstanceListItem = z.infer<typeof instanceListItem>;

/** GET /instances as the console asks it (the server's instanceQuery reads these). */
export interface InstanceListQuery {
  page_num: number;
  page_size: number;
  name?: string;
  /** Sent as true or false. */
  is_published?: boolean;
  /** Admins: the brand whose instances to list. */
  brand_id?: string;
}

export const instance = z.object({
  _id: instanceId,
  brand_id: instanceBrand,
  general: z
    .object({
      name: z.string().describe('Its name.'),
      brand_id: z.string().describe('Its brand.'),
      brand_name: z.string().describe("Its brand's name."),
      category_id: z.string().nullable().describe('Its category, if any.'),
      sub_category_id: z.string().nullable().describe('Its sub category, if any.'),
      is_published: status01.describe('1: published; 0: not yet.'),
      website: z.string().nullable().describe('The page it is placed on, if given.'),
    })
    .describe('General.'),
  features: instanceFeaturesShape.describe('Features.'),
  products: z.array(instanceProductNamed).describe("The brand's own products of the player."),
  other_products: z.array(instanceProductNamed).describe("Other brands' products of the player."),
  sources: z.array(instanceSongNamed).describe("The products' songs and their sources, in order."),
  my_sources: z.array(instanceSongNamed).describe("My Audio: the brand's own songs, in order."),
  images: z.array(instanceImage).describe('The two image features, in order.'),
  buttons: instanceButtons.describe("The buy button's destinations."),
  created_at: isoTime.describe('When it was created.'),
  updated_at: updatedAt,
});
export type Instance = z.infer<typeof instance>;

/** POST /instances {general}. */
export const instanceCreateBody = z
  .object({ general: instanceGeneral.describe('Its general part: the name, and for admins the brand.') })
  .meta({ example: { general: { name: 'Studio condensers', category_id: null, sub_category_id: null } } });
export type InstanceCreateBody = z.input<typeof instanceCreateBody>;
/** The `general` of POST /instances as the console sends it (admins name the brand in general.brand_id). */
export interface InstanceCreate {
  name: string;
  category_id: string | null;
  sub_category_id: string | null;
  brand_id?: string;
}
/** POST /instances/copy {id}. */
export const instanceCopyBody = z.object({ id: id.describe('The instance to copy.') });
export type InstanceCopyBody = z.infer<typeof instanceCopyBody>;
