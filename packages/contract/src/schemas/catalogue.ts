import { z } from 'zod';
import { filterText, id, isoTime, pageQuery, queryBool, safeString, says, status01, text } from './common.ts';

/** A required name: trimmed, 1–200 characters. */
export const name = safeString()
  .trim()
  .min(1, { error: 'is required' })
  .max(200, { error: 'must be at most 200 characters' });

const nullableId = id.nullish();

// Categories and sub categories (docs/api.md "Brand content")
/** A row of the pickers (categories, sub categories, brands): its id and name. */
export interface NamedRecord {
  _id: string;
  name: string;
}
const published = status01.describe('1: active (offered in pickers and players); 0: inactive.');
const catalogueName = name.describe('The name shown in pickers and players: 1–200 characters.');
export const category = z.object({
  _id: id.describe('Its id.'),
  name: z.string().describe('Its name.'),
  is_published: published,
  created_at: isoTime.describe('When it was created.'),
  updated_at: isoTime.describe('When it last changed.'),
});
export const categoryCreate = z
  .object({ name: catalogueName, is_published: published.default(0) })
  .meta({ example: { name: 'Microphones', is_published: 1 } });
export const categoryUpdate = z
  .object({ name: catalogueName.optional(), is_published: published.optional() })
  .meta({ example: { is_published: 0 } });
export const nameQuery = pageQuery.extend({
  name: filterText(200).describe('Part of the name, any case.'),
  is_published: queryBool.optional().describe('Only active (true) or only inactive (false) ones.'),
});

const parentCategory = id.describe('The category it belongs to.');
export const subCategory = category.extend({
  category_id: parentCategory,
  category_name: z.string().describe("Its category's name."),
});
export const subCategoryCreate = z
  .object({ name: catalogueName, category_id: parentCategory, is_published: published.default(0) })
  .meta({ example: { name: 'Condenser', category_id: '0b6f3c1e-4a57-4c2d-9a7e-1f2d3c4b5a69', is_published: 1 } });
export const subCategoryUpdate = z.object({
  name: catalogueName.optional(),
  category_id: parentCategory.optional(),
  is_published: published.optional(),
});
export const subCategoryQuery = nameQuery.extend({
  category_id: id.optional().describe('Only those of this category.'),
});
export type Category = z.infer<typeof category>;
export type CategoryCreate = z.input<typeof categoryCreate>;
export type CategoryUpdate = z.input<typeof categoryUpdate>;
export type SubCategory = z.infer<typeof subCategory>;
export type SubCategoryCreate = z.input<typeof subCategoryCreate>;
export type SubCategoryUpdate = z.input<typeof subCategoryUpdate>;

// Songs (docs/api.md "Brand content")
export const songType = z.union([z.literal(1), z.literal(2)], says('must be 1 or 2'));

export const song = z.object({
  _id: id,
  name: z.string(),
  song_writer: z.string().nullable(),
  song_type: songType,
  is_atk: status01,
  is_published: status01,
  order: z.number().int(),
  brand_id: id.nullable(),
  sub_category_id: id.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type Song = z.infer<typeof song>;

/** A position among the item's siblings, 1 first; past the end means last (docs/api.md "Catalogue"). */
const order = z
  .number(says('must be a number'))
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' });

/** What a song update may change; absent fields stay as they are (so no defaults here). */
export const songUpdate = z.object({
  name: name.optional(),
  song_writer: text(200),
  song_type: songType.optional(),
  is_published: status01.optional(),
  order: order.optional(),
  sub_category_id: nullableId,
  /** Sent by admins with every song call (docs/api.md "Brand content"); a song keeps its brand. */
  brand_id: nullableId,
});
/** The body of POST /songs and PUT /songs/{id}, as the console sends it (admins name the brand). */
export type SongBody = Pick<z.infer<typeof songUpdate>, 'name' | 'song_writer' | 'song_type' | 'brand_id'>;
export const songCreate = songUpdate.extend({
  name,
  song_type: songType.default(1),
  /** Active when absent: the brand's Audio tab has no status control (docs/api.md "Catalogue"). */
  is_published: status01.optional(),
  /** Admins only: a platform (ATK) song. */
  is_atk: status01.optional(),
});

export type SongCreate = z.input<typeof songCreate>;
export type SongUpdate = z.input<typeof songUpdate>;

export const songQuery = pageQuery.extend({
  ids: safeString().max(20_000).optional(),
  song_type: z.coerce.number().pipe(songType).optional(),
  sub_category_id: id.optional(),
  brand_id: id.optional(),
  is_atk: queryBool.optional(),
  name: filterText(200),
});

// Instruments (sources)
export const INSTRUMENT_FIELDS = [
  'instrument_brand',
  'instrument_details',
  'performer_name',
  'producer_engineer',
  'room_studio',
  'mic_distance_source',
  'mic_axis',
  'mic_cable_brand',
  'preamp_brand',
  'additional_pre_processing',
  'a_d_converter',
  'additional_post_processing',
] as const;
export type InstrumentField = (typeof INSTRUMENT_FIELDS)[number];

const recordingShape = Object.fromEntries(INSTRUMENT_FIELDS.map((f) => [f, text(500)])) as Record<
  InstrumentField,
  ReturnType<typeof text>
>;

export const audioState = z.enum(['uploaded', 'processing', 'ready', 'failed']);
export type AudioState = z.infer<typeof audioState>;

/** An audio record as the console and the player read it: the stored record plus the processing results. */
export const audioRecord = z.object({
  _id: id,
  product_id: id,
  song_id: id,
  instrument_id: id,
  name: z.string(),
  /** The processed 320 kbps MP3 once ready (its URL contains `processed`), else the file as uploaded. */
  url: z.string(),
  original_url: z.string(),
  status: audioState,
  error: z.string().nullable(),
  lufs: z.number().nullable(),
  true_peak: z.number().nullable(),
  duration_ms: z.number().int().nullable(),
  peaks_url: z.string().nullable(),
  updated_at: isoTime,
});
export type AudioRecord = z.infer<typeof audioRecord>;

export const instrument = z.object({
  _id: id,
  song_id: id,
  name: z.string(),
  is_published: status01,
  order: z.number().int(),
  /** One field with two names, performer and performer_name: both are answered (docs/api.md "Brand content"). */
  performer: z.string().nullable(),
  ...Object.fromEntries(INSTRUMENT_FIELDS.map((f) => [f, z.string().nullable()])),
  updated_at: isoTime,
  /** The audio of this source for the product asked about (`product_id` query), if any. */
  audio: audioRecord.nullable().optional(),
});
/** A source as the server answers it: the recording fields (absent when not asked) and this product's audio. */
export type Instrument = z.infer<typeof instrument> & Partial<Record<InstrumentField, string | null>>;

/** What a source update may change; absent fields stay as they are (so no defaults here). */
export const instrumentUpdate = z.object({
  name: name.optional(),
  is_published: status01.optional(),
  order: order.optional(),
  performer: text(500),
  ...recordingShape,
});
/** The body of POST /instruments (with song_id) and PUT /instruments/{id}, as the console sends it. */
export type InstrumentBody = Pick<z.infer<typeof instrumentUpdate>, 'name' | 'performer' | InstrumentField>;
export const instrumentCreate = instrumentUpdate.extend({ song_id: id, name });
export type InstrumentCreate = z.input<typeof instrumentCreate>;
export type InstrumentUpdate = z.input<typeof instrumentUpdate>;
export const instrumentQuery = pageQuery.extend({
  song_id: id.optional(),
  product_id: id.optional(),
  sort: z.enum(['order'], says('must be order')).optional(),
});

// Currencies
export const currency = z.object({
  _id: id.describe('Its id.'),
  currency: z.string().describe('The ISO 4217 code (USD).'),
  name: z.string().describe('Its name (US Dollar).'),
  symbol: z.string().describe('Its symbol ($).'),
});
export type Currency = z.infer<typeof currency>;
export const currencyQuery = pageQuery.extend({
  name: filterText(100).describe('Part of the code or name, any case.'),
});
