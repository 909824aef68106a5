import { z } from 'zod';
import {
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
  name: safeString().trim().min(1, { error: 'is required' }).max(200, { error: 'must be at most 200 characters' }),
  category_id: id.nullish(),
  sub_category_id: id.nullish(),
  is_published: status01.default(0),
  website: httpUrl(2000).nullish(),
  /** Admins choose the brand; a customer's instances always belong to its master brand. */
  brand_id: id.nullish(),
});
export type InstanceGeneral = z.infer<typeof instanceGeneral>;

// ── Features ─────────────────────────────────────────────────────────────────────────────────────────

const orderedFeature = z.object({ is_enable: status01, order: order(ORDERED_FEATURES.length) });
const enableOnly = z.object({ is_enable: status01 });
const maxOf = (choices: readonly number[]) =>
  z.object({
    max_num: z
      .number(says('must be a number'))
      .refine((n) => choices.includes(n), { error: `must be one of ${choices.join(', ')}` }),
  });

export const instanceFeaturesShape = z.object({
  listening_guide: orderedFeature,
  discography: orderedFeature,
  frequency_graphs: orderedFeature,
  tech_specs: orderedFeature,
  images: orderedFeature,
  products_in_player: maxOf(PRODUCTS_IN_PLAYER_CHOICES),
  atk_songs: maxOf(ATK_SONGS_CHOICES),
  other_brands_products: enableOnly,
  my_audio: enableOnly,
  display_price: enableOnly,
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
};

// ── Products ─────────────────────────────────────────────────────────────────────────────────────────
export const instanceProduct = z.object({
  product_id: id,
  brand_id: id,
  is_active: status01,
  order: order(PRODUCT_SLOTS).nullable(),
});
export type InstanceProduct = z.infer<typeof instanceProduct>;
/** A product of an instance as the server answers it: with its name and brand (ignored when saved). */
export const instanceProductNamed = instanceProduct.extend({ name: z.string(), brand_name: z.string() });
export type InstanceProductNamed = z.infer<typeof instanceProductNamed>;
/** Each featured slot (1–3) is held by one product at most, across both lists. */
const slotsUnique = (lists: InstanceProduct[][]) => {
  const slots = lists.flat().flatMap((p) => (p.order === null ? [] : [p.order]));
  return new Set(slots).size === slots.length;
};
const SLOTS_UNIQUE = 'each featured slot (1 to 3) may be held by one product only';
const productList = z.array(instanceProduct).max(1000);
export const instanceProducts = z
  .object({ products: productList, other_products: productList })
  .refine(({ products, other_products }) => slotsUnique([products, other_products]), {
    error: SLOTS_UNIQUE,
    path: ['products'],
  });

// ── Sources ──────────────────────────────────────────────────────────────────────────────────────────
export const instanceInstrument = z.object({ instrument_id: id, is_active: status01, order: order(1000) });
export const instanceSong = z.object({
  song_id: id,
  is_active: status01,
  order: order(1000),
  instruments: z.array(instanceInstrument).max(200),
});
export type InstanceSong = z.infer<typeof instanceSong>;
/** A song of an instance as the server answers it: with the names to show (ignored when saved). */
export const instanceSongNamed = instanceSong.extend({
  name: z.string(),
  song_writer: z.string().nullable(),
  instruments: z.array(instanceInstrument.extend({ name: z.string(), performer: z.string().nullable() })),
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
  code: z.enum(['group_360', 'additional'], { error: 'must be group_360 or additional' }),
  name: safeString().max(100, { error: 'must be at most 100 characters' }),
  order: order(2),
});
export type InstanceImage = z.infer<typeof instanceImage>;
export const instanceImages = z
  .array(instanceImage)
  .length(2, { error: 'must hold the two images' })
  .refine((imgs) => imgs.length !== 2 || (imgs[0].code !== imgs[1].code && imgs[0].order !== imgs[1].order), {
    error: 'the two images take orders 1 and 2',
  });

export const buttonDestination = z.object({
  currency: safeString().trim().max(3, { error: 'must be a 3-letter ISO 4217 code' }),
  symbol: safeString().max(8),
  url: httpUrl(2000),
});
export const instanceButtons = z.object({
  default: buttonDestination,
  list: z.array(buttonDestination).max(50),
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
    general: instanceGeneral.optional(),
    features: instanceFeatures.optional(),
    products: productList.optional(),
    other_products: productList.optional(),
    sources: instanceSources.optional(),
    my_sources: instanceSources.optional(),
    images: instanceImages.optional(),
    buttons: instanceButtons.optional(),
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
  name: filterText(200),
  is_published: queryBool.optional(),
  /** Admins: the brand whose instances to list. */
  brand_id: id.optional(),
});

export const instanceListItem = z.object({
  _id: z.string(),
  brand_id: z.string(),
  general: z.object({ name: z.string(), is_published: status01 }),
  updated_at: isoTime,
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
  _id: z.string(),
  brand_id: z.string(),
  general: z.object({
    name: z.string(),
    brand_id: z.string(),
    brand_name: z.string(),
    category_id: z.string().nullable(),
    sub_category_id: z.string().nullable(),
    is_published: status01,
    website: z.string().nullable(),
  }),
  features: instanceFeaturesShape,
  products: z.array(instanceProductNamed),
  other_products: z.array(instanceProductNamed),
  sources: z.array(instanceSongNamed),
  my_sources: z.array(instanceSongNamed),
  images: z.array(instanceImage),
  buttons: instanceButtons,
  created_at: isoTime,
  updated_at: isoTime,
});
export type Instance = z.infer<typeof instance>;

/** POST /instances {general}. */
export const instanceCreateBody = z.object({ general: instanceGeneral });
/** The `general` of POST /instances as the console sends it (admins name the brand in general.brand_id). */
export interface InstanceCreate {
  name: string;
  category_id: string | null;
  sub_category_id: string | null;
  brand_id?: string;
}
/** POST /instances/copy {id}. */
export const instanceCopyBody = z.object({ id });
