import { z } from 'zod';
import { GROUP_360_SLOTS, LISTENING_GUIDE_MAX, TECH } from '../constants.ts';
import type { QueryValues } from '../endpoint.ts';
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
const fileRef = z.object({
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
/** The listening guide as the product read carries it: what was stored, unbounded (as every stored rich text,
 * settings.ts `storedRichText`). */
const storedListeningGuide = z.object({ content: z.string().describe("The guide's rich text (HTML).") });

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

const one = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .enum(values, { error: `must be one of: ${values.join(', ')}` })
    .nullish()
    .describe(`${what}: one of ${values.join(', ')}.`);
const many = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .array(z.enum(values, { error: `must be among: ${values.join(', ')}` }))
    .default([])
    .describe(`${what}: any of ${values.join(', ')}.`);
const limited = (max: number, what: string) =>
  safeString()
    .max(max, { error: `must be at most ${max} characters` })
    .nullish()
    .describe(`${what}, up to ${max} characters.`);
const free = (what: string) => text(200).describe(`${what}, up to 200 characters.`);

export const techSpecs = z
  .object({
    basic: z
      .object({
        interface: many(TECH.interface, 'Its interfaces (AES digital alone)'),
        category: one(TECH.category, 'Its category'),
        type: one(TECH.type, 'Its type'),
        diaphragm_class: one(TECH.diaphragm_class, 'Its diaphragm class (condenser or dynamic only)'),
        ribbon_class: one(TECH.ribbon_class, 'Its ribbon class (ribbon only)'),
        amplifier: many(TECH.amplifier, 'Its amplifiers'),
        power: one(TECH.power, 'Its power'),
      })
      .default({ interface: [], amplifier: [] })
      .describe('Interface, category, type, classes, amplifier, power.'),
    amp_tra: z
      .object({
        amplifier: free('The amplifier'),
        tube_type: free('The tube type (when the amplifier includes Tube)'),
        /** The Transformerless checkbox: true when the product has no transformer. */
        transformer: z
          .boolean(says('must be true or false'))
          .default(false)
          .describe('Transformerless: true when it has no transformer.'),
        manufacturer: free("The transformer's maker (when not transformerless)"),
        part_name: free("The transformer's part name (when a maker is set)"),
      })
      .default({ transformer: false })
      .describe('Amplifier and transformer.'),
    cap_dia: z
      .object({
        capsule_style: free('The capsule style'),
        capsule_size: free('The capsule size'),
        capsule_materials: free('The capsule materials'),
        termination: free('The termination'),
        diaphragm_size: free('The diaphragm size'),
        diaphragm_materials: limited(TECH_LIMITS.diaphragm_materials, 'The diaphragm materials'),
      })
      .default({})
      .describe('Capsule and diaphragm.'),
    patterns: z
      .object({
        selection: one(TECH.selection, 'Its polar pattern selection'),
        multi_pattern: one(TECH.multi_pattern, 'Its patterns (Multi-Pattern only)'),
      })
      .default({})
      .describe('Polar patterns.'),
    controls: z
      .object({
        pattern_selector: one(TECH.pattern_selector, 'Its pattern selector (Multi-Pattern only)'),
        pad: free('The pad'),
        high_pass: free('The high-pass filter'),
        other_filter: limited(TECH_LIMITS.other_filter, 'Other filters'),
        modes: limited(TECH_LIMITS.modes, 'The modes'),
        special_controls: limited(TECH_LIMITS.special_controls, 'Special controls'),
      })
      .default({})
      .describe('Controls.'),
    data: z
      .object({
        output_impedance: free('The output impedance'),
        frequency_range: free('The frequency range'),
        self_noise: free('The self noise'),
        max_spl: free('The maximum SPL'),
        signal_to_noise_ratio: free('The signal-to-noise ratio'),
      })
      .default({})
      .describe('Measured data.'),
    physical: z
      .object({ weight: free('The weight'), height: free('The height'), max_diameter: free('The maximum diameter') })
      .default({})
      .describe('Size and weight.'),
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

const section = <T extends ProductSection>(type: T) => z.literal(type).describe(`The section saved: ${type}.`);

export const productUpdate = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: section('general'), content: productGeneral.describe('Name, model, status, category, brand.') }),
      z.object({ type: section('price'), content: productPrice.describe('The default price and the others.') }),
      z.object({ type: section('images'), content: productImages.describe('Every image slot (the whole set).') }),
      z.object({
        type: section('audio'),
        content: productAudio.describe('The recording just uploaded, of one source of one song.'),
      }),
      z.object({
        type: section('songs'),
        content: z.array(id).max(500).describe("The brand's songs it offers, by id, up to 500."),
      }),
      /** The platform (is_atk) songs the product offers: admins only (docs/api.md "A product's ATK songs"). */
      z.object({
        type: section('atk_songs'),
        content: z
          .array(id, says('must be a list of song ids'))
          .max(500, { error: 'must list at most 500 songs' })
          .describe("The platform's (ATK) songs it offers, by id, up to 500: admins only."),
      }),
      z.object({ type: section('listening_guide'), content: listeningGuide.describe('The listening guide.') }),
      z.object({
        type: section('discography'),
        content: productDiscography.describe('The records it was used on (the whole list), up to 200.'),
      }),
      z.object({ type: section('tech_specs'), content: techSpecs.describe('The technical specifications.') }),
      z.object({
        type: section('frequency_graph'),
        content: fileRef.nullable().describe('The uploaded frequency graph; null to remove it.'),
      }),
    ],
    { error: `must be one of: ${PRODUCT_SECTIONS.join(', ')}` },
  )
  .meta({ example: { type: 'listening_guide', content: { content: '<p>Listen for the low end.</p>' } } });
export type ProductUpdate = z.infer<typeof productUpdate>;

export const product = z.object({
  _id: id.describe('Its id.'),
  general: z
    .object({
      name: z.string().describe('Its name.'),
      model: z.string().nullable().describe('Its model.'),
      is_published: status01.describe('1: published (offered in players); 0: not.'),
      brand_id: id.describe('Its brand.'),
      brand_name: z.string().describe("Its brand's name."),
      category_id: id.nullable().describe('Its category.'),
      sub_category_id: id.nullable().describe('Its sub category.'),
    })
    .describe('Name, model, status, category, brand.'),
  price: productPrice.nullable().describe('Its prices; null until saved.'),
  images: productImages.nullable().describe('Its images; null until saved.'),
  songs: z.array(id).describe("The brand's songs it offers."),
  atk_songs: z.array(id).describe("The platform's (ATK) songs it offers."),
  audio: z.array(audioRecord).describe('Its recordings, one per source of a song at most.'),
  listening_guide: storedListeningGuide.nullable().describe('Its listening guide; null until saved.'),
  discography: productDiscography.describe('The records it was used on.'),
  tech_specs: z
    .unknown()
    .nullable()
    .describe('Its technical specifications as saved (see the tech_specs section); null until saved.'),
  frequency_graph: fileRef.nullable().describe('Its frequency graph; null for none.'),
  is_active: status01.describe('1: live; 0: deleted.'),
  order: z.number().int().describe("Its position among its brand's products."),
  created_at: isoTime.describe('When it was created.'),
  updated_at: isoTime.describe('When it last changed.'),
});
export type Product = z.infer<typeof product>;

/** A row of the product lists, the client's and the operators' (docs/api.md "Brand content"). */
export const productListItem = z.object({
  _id: id.describe('Its id.'),
  updated_at: isoTime.describe('When it last changed.'),
  general: product.shape.general,
});
export type ProductListItem = z.infer<typeof productListItem>;

/** A row of the instance product pickers: GET /products (mine) or GET /products?all_brand=1 (others), as listed. */
export type PickerProduct = ProductListItem;

export const productQuery = pageQuery.extend({
  name: filterText(200).describe('Only products whose name contains this text.'),
  is_published: queryBool.optional().describe('true (1): only published products; false (0): only unpublished.'),
  brand_id: id
    .optional()
    .describe(
      "Admins: only this brand's products (with all_brand: every brand's but this one). Ignored for customers.",
    ),
  /** The picker of other brands' products (docs/api.md "Brand content"). */
  all_brand: queryBool
    .optional()
    .describe("true: other brands' published products (the instance product picker) instead of the caller's own."),
  category_id: id.optional().describe('Only products of this category.'),
});
/** GET /products as a caller gives it (the values the server parses it into: booleans, numbers). */
export type ProductQuery = QueryValues<typeof productQuery>;

export const productImport = z
  .object({
    customer_id: id.describe('The customer whose master brand receives the copies.'),
    brand_id: id.describe('The brand whose products are copied.'),
  })
  .meta({
    example: { customer_id: '0b9f1c52-5d0e-4a51-9d6c-1f0c2b7a9e11', brand_id: '6e4a2f0d-8c1b-4f7e-a3d2-5b9c0e1f2a34' },
  });
export type ProductImport = z.infer<typeof productImport>;

/** POST /products {general}. */
export const productCreateBody = z
  .object({ general: productGeneral.describe('Name, model, status, category, sub category and (admins) brand.') })
  .meta({
    example: {
      general: {
        name: 'U 87 Ai',
        model: 'U87AI',
        is_published: 0,
        category_id: '3f2b6c1e-9a4d-4e8b-b7c5-2d1e0f9a8b76',
      },
    },
  });
export type ProductCreateBody = z.infer<typeof productCreateBody>;
/** The `general` of POST /products (admins name the brand in general.brand_id). */
export type ProductCreate = Pick<
  ProductGeneral,
  'name' | 'model' | 'category_id' | 'sub_category_id' | 'brand_id' | 'is_published'
>;
/** POST /admin/products/import: how many products were copied. */
export const productImportAnswer = z.object({ imported: z.number().describe('How many products were copied.') });
export type ProductImportAnswer = z.infer<typeof productImportAnswer>;
