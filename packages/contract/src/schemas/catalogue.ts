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
export type NameQuery = z.infer<typeof nameQuery>;

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
export type SubCategoryQuery = z.infer<typeof subCategoryQuery>;
export type Category = z.infer<typeof category>;
export type CategoryCreate = z.input<typeof categoryCreate>;
export type CategoryUpdate = z.input<typeof categoryUpdate>;
export type SubCategory = z.infer<typeof subCategory>;
export type SubCategoryCreate = z.input<typeof subCategoryCreate>;
export type SubCategoryUpdate = z.input<typeof subCategoryUpdate>;

// Songs (docs/api.md "Brand content")
export const songType = z.union([z.literal(1), z.literal(2)], says('must be 1 or 2'));
export type SongType = z.infer<typeof songType>;

const songTypeText = '1: a song of one product; 2: cross-comparable (recorded through several products).';
export const song = z.object({
  _id: id.describe('Its id.'),
  name: z.string().describe('Its name.'),
  song_writer: z.string().nullable().describe('Who wrote it.'),
  song_type: songType.describe(songTypeText),
  is_atk: status01.describe("1: a platform (ATK) song, of no brand; 0: a brand's song."),
  is_published: status01.describe('1: active (offered in players); 0: switched off.'),
  order: z.number().int().describe("Its position among its sub category's songs, 1 first."),
  brand_id: id.nullable().describe('Its brand; null for a platform song.'),
  sub_category_id: id.nullable().describe('The sub category it is listed under, if any.'),
  created_at: isoTime.describe('When it was created.'),
  updated_at: isoTime.describe('When it last changed.'),
});
export type Song = z.infer<typeof song>;

/** A position among the item's siblings, 1 first; past the end means last (docs/api.md "Catalogue"). */
const order = z
  .number(says('must be a number'))
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' });

/** What a song update may change; absent fields stay as they are (so no defaults here). */
export const songUpdate = z
  .object({
    name: name.optional().describe('The name: 1–200 characters.'),
    song_writer: text(200).describe('Who wrote it, up to 200 characters.'),
    song_type: songType.optional().describe(songTypeText),
    is_published: status01.optional().describe('1: active; 0: switched off.'),
    order: order.optional().describe('A new position among its siblings, 1 first; past the end means last.'),
    sub_category_id: nullableId.describe('The sub category to list it under (admins).'),
    /** Sent by admins with every song call (docs/api.md "Brand content"); a song keeps its brand. */
    brand_id: nullableId.describe("Admins: the song's brand (required unless is_atk); a customer's is its own."),
  })
  .meta({ example: { name: 'Acoustic ballad', song_writer: 'J. Doe' } });
export const songCreate = songUpdate
  .extend({
    name: name.describe('The name: 1–200 characters.'),
    song_type: songType.default(1).describe(songTypeText),
    /** Active when absent: the brand's Audio tab has no status control (docs/api.md "Catalogue"). */
    is_published: status01.optional().describe('1 (the default): active; 0: switched off.'),
    /** Admins only: a platform (ATK) song. */
    is_atk: status01.optional().describe('Admins only: 1 makes a platform (ATK) song, of no brand.'),
  })
  .meta({ example: { name: 'Acoustic ballad', song_writer: 'J. Doe', song_type: 1 } });

export type SongCreate = z.input<typeof songCreate>;
/** The body of POST /songs and PUT /songs/{id}, as the console sends it (admins name the brand). */
export type SongBody = Pick<SongCreate, 'name' | 'song_writer' | 'song_type' | 'brand_id'>;
export type SongUpdate = z.input<typeof songUpdate>;

export const songQuery = pageQuery.extend({
  ids: safeString().max(20_000).optional().describe('Only these songs: ids separated by commas.'),
  song_type: z.coerce.number().pipe(songType).optional().describe(`Only songs of this type (${songTypeText})`),
  sub_category_id: id.optional().describe('Only the songs of this sub category.'),
  brand_id: id.optional().describe("Admins: only this brand's songs."),
  is_atk: queryBool.optional().describe('true: the platform (ATK) songs, for anyone.'),
  name: filterText(200).describe('Part of the name, any case.'),
});
export type SongQuery = z.infer<typeof songQuery>;

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

/** The recording fields as the console labels them (performer_name is the performer itself, labelled Performer). */
export const INSTRUMENT_FIELD_LABELS: Record<InstrumentField, string> = {
  instrument_brand: 'Instrument brand',
  instrument_details: 'Instrument details',
  performer_name: 'Performer',
  producer_engineer: 'Producer/Engineer',
  room_studio: 'Room/Studio',
  mic_distance_source: 'Mic distance from source',
  mic_axis: 'Mic axis',
  mic_cable_brand: 'Mic cable brand',
  preamp_brand: 'Preamp brand',
  additional_pre_processing: 'Additional pre-processing',
  a_d_converter: 'A/D converter',
  additional_post_processing: 'Additional post-processing',
};
const recordingText = (f: InstrumentField) => `${INSTRUMENT_FIELD_LABELS[f]} (recording detail, up to 500 characters).`;

const recordingShape = Object.fromEntries(
  INSTRUMENT_FIELDS.map((f) => [f, text(500).describe(recordingText(f))]),
) as Record<InstrumentField, ReturnType<typeof text>>;

export const audioState = z.enum(['uploaded', 'processing', 'ready', 'failed']);
export type AudioState = z.infer<typeof audioState>;

/** An audio record as the console and the player read it: the stored record plus the processing results. */
export const audioRecord = z.object({
  _id: id.describe('Its id.'),
  product_id: id.describe('The product it was recorded through.'),
  song_id: id.describe('Its song.'),
  instrument_id: id.describe('Its source (instrument track).'),
  name: z.string().describe("The uploaded file's name."),
  /** The processed 320 kbps MP3 once ready (its URL contains `processed`), else the file as uploaded. */
  url: z.string().describe('The processed 320 kbps MP3 once ready, else the file as uploaded.'),
  original_url: z.string().describe('The file as uploaded.'),
  status: audioState.describe('uploaded, processing, ready, or failed (see error).'),
  error: z.string().nullable().describe('Why processing failed, in words; null otherwise.'),
  lufs: z.number().nullable().describe('Integrated loudness (LUFS) once processed.'),
  true_peak: z.number().nullable().describe('True peak (dBTP) once processed.'),
  duration_ms: z.number().int().nullable().describe('Its length in ms once processed.'),
  peaks_url: z.string().nullable().describe("The waveform's peaks file once processed."),
  updated_at: isoTime.describe('When it last changed.'),
});
export type AudioRecord = z.infer<typeof audioRecord>;

export const instrument = z.object({
  _id: id.describe('Its id.'),
  song_id: id.describe('The song it is a source (instrument track) of.'),
  name: z.string().describe('Its name (Vocal, Kick…).'),
  is_published: status01.describe('1: active (offered in players); 0: switched off.'),
  order: z.number().int().describe("Its position among its song's sources, 1 first."),
  /** One field with two names, performer and performer_name: both are answered (docs/api.md "Brand content"). */
  performer: z.string().nullable().describe('The performer (also answered as performer_name).'),
  ...Object.fromEntries(INSTRUMENT_FIELDS.map((f) => [f, z.string().nullable().describe(recordingText(f))])),
  updated_at: isoTime.describe('When it last changed.'),
  /** The audio of this source for the product asked about (`product_id` query), if any. */
  audio: audioRecord
    .nullable()
    .optional()
    .describe("With `product_id` in the query: that product's audio of this source, or null."),
});
/** A source as the server answers it: the recording fields (absent when not asked) and this product's audio. */
export type Instrument = z.infer<typeof instrument> & Partial<Record<InstrumentField, string | null>>;

/** What a source update may change; absent fields stay as they are (so no defaults here). */
export const instrumentUpdate = z
  .object({
    name: name.optional().describe('The name: 1–200 characters.'),
    is_published: status01.optional().describe('1: active; 0: switched off.'),
    order: order.optional().describe("A new position among its song's sources, 1 first; past the end means last."),
    performer: text(500).describe('The performer, up to 500 characters.'),
    ...recordingShape,
  })
  .meta({ example: { name: 'Vocal', performer: 'A. Singer', mic_axis: 'On axis' } });
export const instrumentCreate = instrumentUpdate.extend({
  song_id: id.describe('The song it is a source of.'),
  name: name.describe('The name: 1–200 characters.'),
});
export type InstrumentCreate = z.input<typeof instrumentCreate>;
/** The body of POST /instruments (with song_id) and PUT /instruments/{id}, as the console's dialog sends it. */
export type InstrumentBody = Pick<InstrumentCreate, 'name' | 'performer' | InstrumentField>;
export type InstrumentUpdate = z.input<typeof instrumentUpdate>;
export const instrumentQuery = pageQuery.extend({
  song_id: id.optional().describe("Only this song's sources."),
  product_id: id.optional().describe("Each source with this product's audio of it (`audio`)."),
  sort: z.enum(['order'], says('must be order')).optional().describe('order: by their position (else newest first).'),
});
export type InstrumentQuery = z.infer<typeof instrumentQuery>;

/**
 * Which of a brand's products hold a ready recording of each source of a song (GET /songs/{id}/recordings): what
 * the brand can compare on that song (docs/api.md "Who recorded a song").
 */
export const songRecordings = z.object({
  sources: z
    .array(
      z.object({
        instrument_id: id.describe('The source (instrument track).'),
        products: z
          .array(z.object({ _id: id.describe("The product's id."), name: z.string().describe("The product's name.") }))
          .describe("The brand's live products with a ready recording of this source, by name."),
      }),
    )
    .describe("The song's live sources, by position."),
});
export type SongRecordings = z.infer<typeof songRecordings>;
export const songRecordingsQuery = z.object({
  brand_id: id
    .optional()
    .describe("Admins: whose products (else the song's brand; every brand's for a platform song)."),
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
export type CurrencyQuery = z.infer<typeof currencyQuery>;
