import { z } from 'zod';
import { GROUP_360_SLOTS, LISTENING_GUIDE_MAX, TECH } from '../constants.ts';
import { MSG } from '../messages.ts';
import { audioRecord } from './catalogue.ts';
import {
  filterText,
  httpUrl,
  id,
  isHttpUrl,
  isoTime,
  pageQuery,
  queryBool,
  safeString,
  says,
  status01,
  text,
} from './common.ts';

/** An uploaded file's address: only http(s) (docs/api.md "Text and URL rules"). */
const fileUrl = httpUrl(2000);
const fileRef = z.object({ url: fileUrl, name: safeString().max(300, { error: 'must be at most 300 characters' }) });
/** An uploaded file of a product: its storage URL and its name. */
export type FileRef = z.infer<typeof fileRef>;

// ── General ──────────────────────────────────────────────────────────────────────────────────────────
export const productGeneral = z.object({
  name: safeString().trim().min(1, { error: 'is required' }).max(200),
  model: text(200),
  is_published: status01.default(0),
  /** Required: the players list a brand's products by the instance's category, so a product without one would
   * never reach a player (docs/api.md "Products"). A null or empty value is missing, not malformed. */
  category_id: z.uuid({
    error: (issue) => (issue.input == null || issue.input === '' ? 'is required' : 'must be a valid id'),
  }),
  sub_category_id: id.nullish(),
  /** Admins choose the brand; a customer's products always belong to its master brand. */
  brand_id: id.nullish(),
});
export type ProductGeneral = z.infer<typeof productGeneral>;

// ── Price ────────────────────────────────────────────────────────────────────────────────────────────
export const priceEntry = z.object({
  currency: safeString().trim().length(3, { error: 'must be a 3-letter ISO 4217 code' }),
  price: z.number(says('must be a number')).min(0).max(100_000_000),
  symbol: safeString().max(8),
});
export type PriceEntry = z.infer<typeof priceEntry>;
export const productPrice = z.object({
  default: priceEntry.nullable(),
  list: z.array(priceEntry).max(50).default([]),
});

// ── Images ───────────────────────────────────────────────────────────────────────────────────────────
export const productImages = z.object({
  thumbnail: fileRef.nullable().default(null),
  large: fileRef.nullable().default(null),
  additional_images: z
    .array(fileRef.extend({ order: z.number(says('must be a number')).int().min(0) }))
    .max(50)
    .default([]),
  group_360: z
    .array(fileRef.nullable())
    .max(GROUP_360_SLOTS, { error: `must have at most ${GROUP_360_SLOTS} slots` })
    .default([]),
});
export type ProductImages = z.infer<typeof productImages>;

// ── Audio (one record, saved after an upload) ────────────────────────────────────────────────────────
export const productAudio = z.object({
  song_id: id,
  instrument_id: id,
  /** The storage key the presigned upload wrote (or its public URL): checked against the storage by the server. */
  url: safeString().trim().max(2000, { error: 'must be at most 2000 characters' }),
  name: safeString().trim().min(1, { error: 'is required' }).max(300),
});

// ── Listening guide, discography ─────────────────────────────────────────────────────────────────────
export const listeningGuide = z.object({
  content: safeString().max(LISTENING_GUIDE_MAX, { error: 'is too long' }),
});
/** The listening guide as the product read carries it: what was stored, unbounded (as every stored rich text,
 * settings.ts `storedRichText`). */
const storedListeningGuide = z.object({ content: z.string() });

export const discographyEntry = z.object({
  artist: text(200),
  song: text(200),
  producer_engineer: text(200),
  instruments: text(300),
  /** An http(s) link (saved as the provider's URI when it is one) or a `spotify:` URI as saved before. */
  spotify_link: safeString()
    .trim()
    .max(500, { error: 'must be at most 500 characters' })
    .refine((u) => u === '' || isHttpUrl(u) || SPOTIFY_URI.test(u), {
      error: `${MSG.httpUrlOnly} or a spotify: URI`,
    })
    .nullish(),
  tidal_link: httpUrl(500).nullish(),
});
export const productDiscography = z.array(discographyEntry).max(200);

/**
 * A Spotify link in the provider's URI form (docs/api.md "Brand content"): https://open.spotify.com/track/ID?si=… →
 * spotify:track:ID. Anything that does not parse as such a link is returned as it is.
 */
/** A Spotify URI as spotifyUri makes it (spotify:track:ID). */
const SPOTIFY_URI = /^spotify:[a-z]+:[A-Za-z0-9]+$/;

export function spotifyUri(link: string): string {
  const m = link.trim().match(/^https?:\/\/open\.spotify\.com\/(?:intl-[a-z-]+\/)?([a-z]+)\/([A-Za-z0-9]+)/);
  return m ? `spotify:${m[1]}:${m[2]}` : link;
}

// ── Tech specs: fields, their dependencies and limits (docs/api.md "Brand content") ─────────────────

export const TECH_LIMITS = { diaphragm_materials: 30, other_filter: 21, modes: 40, special_controls: 21 } as const;

const one = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(', ')}` }).nullish();
const many = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.enum(values, { error: `must be among: ${values.join(', ')}` })).default([]);
const limited = (max: number) =>
  safeString()
    .max(max, { error: `must be at most ${max} characters` })
    .nullish();
const free = text(200);

export const techSpecs = z
  .object({
    basic: z
      .object({
        interface: many(TECH.interface),
        category: one(TECH.category),
        type: one(TECH.type),
        diaphragm_class: one(TECH.diaphragm_class),
        ribbon_class: one(TECH.ribbon_class),
        amplifier: many(TECH.amplifier),
        power: one(TECH.power),
      })
      .default({ interface: [], amplifier: [] }),
    amp_tra: z
      .object({
        amplifier: free,
        tube_type: free,
        /** The Transformerless checkbox: true when the product has no transformer. */
        transformer: z.boolean(says('must be true or false')).default(false),
        manufacturer: free,
        part_name: free,
      })
      .default({ transformer: false }),
    cap_dia: z
      .object({
        capsule_style: free,
        capsule_size: free,
        capsule_materials: free,
        termination: free,
        diaphragm_size: free,
        diaphragm_materials: limited(TECH_LIMITS.diaphragm_materials),
      })
      .default({}),
    patterns: z.object({ selection: one(TECH.selection), multi_pattern: one(TECH.multi_pattern) }).default({}),
    controls: z
      .object({
        pattern_selector: one(TECH.pattern_selector),
        pad: free,
        high_pass: free,
        other_filter: limited(TECH_LIMITS.other_filter),
        modes: limited(TECH_LIMITS.modes),
        special_controls: limited(TECH_LIMITS.special_controls),
      })
      .default({}),
    data: z
      .object({
        output_impedance: free,
        frequency_range: free,
        self_noise: free,
        max_spl: free,
        signal_to_noise_ratio: free,
      })
      .default({}),
    physical: z.object({ weight: free, height: free, max_diameter: free }).default({}),
  })
  .superRefine((t, ctx) => {
    const fail = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const iface = t.basic.interface;
    if (iface.includes('AES digital') && iface.some((i) => i !== 'AES digital'))
      fail(['basic', 'interface'], 'AES digital cannot be combined with XLR analog or USB digital');
    if (t.basic.diaphragm_class && t.basic.type !== 'condenser' && t.basic.type !== 'dynamic')
      fail(['basic', 'diaphragm_class'], 'applies only to condenser or dynamic microphones');
    if (t.basic.ribbon_class && t.basic.type !== 'ribbon')
      fail(['basic', 'ribbon_class'], 'applies only to ribbon microphones');
    if (t.amp_tra.tube_type && !t.basic.amplifier.includes('Tube'))
      fail(['amp_tra', 'tube_type'], 'applies only when the amplifier includes Tube');
    if (t.amp_tra.manufacturer && t.amp_tra.transformer)
      fail(['amp_tra', 'manufacturer'], 'applies only when Transformerless is off');
    if (t.amp_tra.part_name && (t.amp_tra.transformer || !t.amp_tra.manufacturer))
      fail(['amp_tra', 'part_name'], 'applies only when Transformerless is off and a maker is set');
    const multi = t.patterns.selection === 'Multi-Pattern';
    if (t.patterns.multi_pattern && !multi) fail(['patterns', 'multi_pattern'], 'applies only to Multi-Pattern');
    if (t.controls.pattern_selector && !multi) fail(['controls', 'pattern_selector'], 'applies only to Multi-Pattern');
  });
export type TechSpecs = z.infer<typeof techSpecs>;

// ── The section update: PUT /products/{id} {type, content} ──────────────────────────────────────────
export const PRODUCT_SECTIONS = [
  'general',
  'price',
  'images',
  'audio',
  'songs',
  'atk_songs',
  'listening_guide',
  'discography',
  'tech_specs',
  'frequency_graph',
] as const;
export type ProductSection = (typeof PRODUCT_SECTIONS)[number];

export const productUpdate = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('general'), content: productGeneral }),
    z.object({ type: z.literal('price'), content: productPrice }),
    z.object({ type: z.literal('images'), content: productImages }),
    z.object({ type: z.literal('audio'), content: productAudio }),
    z.object({ type: z.literal('songs'), content: z.array(id).max(500) }),
    /** The platform (is_atk) songs the product offers: admins only (docs/api.md "A product's ATK songs"). */
    z.object({
      type: z.literal('atk_songs'),
      content: z.array(id, says('must be a list of song ids')).max(500, { error: 'must list at most 500 songs' }),
    }),
    z.object({ type: z.literal('listening_guide'), content: listeningGuide }),
    z.object({ type: z.literal('discography'), content: productDiscography }),
    z.object({ type: z.literal('tech_specs'), content: techSpecs }),
    z.object({ type: z.literal('frequency_graph'), content: fileRef.nullable() }),
  ],
  { error: `must be one of: ${PRODUCT_SECTIONS.join(', ')}` },
);
export type ProductUpdate = z.infer<typeof productUpdate>;

export const product = z.object({
  _id: id,
  general: z.object({
    name: z.string(),
    model: z.string().nullable(),
    is_published: status01,
    brand_id: id,
    brand_name: z.string(),
    category_id: id.nullable(),
    sub_category_id: id.nullable(),
  }),
  price: productPrice.nullable(),
  images: productImages.nullable(),
  songs: z.array(id),
  atk_songs: z.array(id),
  audio: z.array(audioRecord),
  listening_guide: storedListeningGuide.nullable(),
  discography: productDiscography,
  tech_specs: z.unknown().nullable(),
  frequency_graph: fileRef.nullable(),
  is_active: status01,
  order: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type Product = z.infer<typeof product>;

/** A row of the product lists, the client's and the operators' (docs/api.md "Brand content"). */
export const productListItem = z.object({
  _id: id,
  updated_at: isoTime,
  general: product.shape.general,
});
export type ProductListItem = z.infer<typeof productListItem>;

/** GET /products as the console asks it (the server's productQuery reads these). */
export interface ProductListQuery {
  page_num: number;
  page_size: number;
  name?: string;
  /** 1/0 (the server also reads true/false). */
  is_published?: number;
  brand_id?: string;
}

/** A row of the instance product pickers: GET /products (mine) or GET /products?all_brand=1 (others). */
export interface PickerProduct {
  _id: string;
  general: { name: string; brand_id: string; brand_name: string; model?: string | null };
}

export const productQuery = pageQuery.extend({
  name: filterText(200),
  is_published: queryBool.optional(),
  brand_id: id.optional(),
  /** The picker of other brands' products (docs/api.md "Brand content"). */
  all_brand: queryBool.optional(),
  category_id: id.optional(),
});

export const productImport = z.object({ customer_id: id, brand_id: id });

/** POST /products {general}. */
export const productCreateBody = z.object({ general: productGeneral });
/** The `general` of POST /products (admins name the brand in general.brand_id). */
export type ProductCreate = Pick<
  ProductGeneral,
  'name' | 'model' | 'category_id' | 'sub_category_id' | 'brand_id' | 'is_published'
>;
/** POST /admin/products/import: how many products were copied. */
export const productImportAnswer = z.object({ imported: z.number() });
