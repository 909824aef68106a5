import { z } from 'zod';
import {
  FREQUENCY_BANDS,
  INFO_PAGES,
  type InfoPage,
  ORDERED_FEATURES,
  PLAYER_EVENT_TYPES,
  PLAYER_EVENTS_MAX,
  PLAYER_LISTEN_MAX_SECONDS,
  WIDGET_TYPES,
} from '../constants.ts';
import { id, safeString, says, status01 } from './common.ts';

/**
 * The public read of a published instance for the embeddable `<atk-player>` (GET /widget/instances/{id}):
 * no token, cacheable, readable from any origin. Only what a visitor may see.
 */
const file = z.object({ url: z.string(), name: z.string() });
const priceEntry = z.object({ currency: z.string(), price: z.number(), symbol: z.string() });

export const playerProduct = z.object({
  _id: z.string(),
  name: z.string(),
  model: z.string().nullable(),
  brand_name: z.string(),
  /** The product's thumbnail image URL, null when it has none. */
  thumbnail: z.string().nullable(),
  /** The large image, the additional images in their order, and the eight 360° slots (null where empty). */
  images: z.object({
    large: z.string().nullable(),
    additional: z.array(file),
    group_360: z.array(z.string().nullable()),
  }),
  price: z.object({ default: priceEntry.nullable(), list: z.array(priceEntry) }).nullable(),
  /** Sanitised HTML (h3, p, strong, em, u, a). */
  listening_guide: z.string().nullable(),
  discography: z.array(
    z.object({
      artist: z.string().nullish(),
      song: z.string().nullish(),
      producer_engineer: z.string().nullish(),
      instruments: z.string().nullish(),
      spotify_link: z.string().nullish(),
      tidal_link: z.string().nullish(),
    }),
  ),
  tech_specs: z.record(z.string(), z.unknown()).nullable(),
  frequency_graph: file.nullable(),
});
export type PlayerProduct = z.infer<typeof playerProduct>;

/** One product's processed recording of a source: what the audio engine plays. */
export const playerVersion = z.object({
  product_id: z.string(),
  /** The processed 320 kbps MP3. */
  url: z.string(),
  lufs: z.number().nullable(),
  true_peak: z.number().nullable(),
  /** The waveform peaks file (8-bit), null until processed. */
  peaks_url: z.string().nullable(),
  duration_ms: z.number().nullable(),
  sample_rate: z.number().nullable(),
});
export type PlayerVersion = z.infer<typeof playerVersion>;

export const playerSource = z.object({
  _id: z.string(),
  name: z.string(),
  performer: z.string().nullable(),
  /** Ready versions only, in the player's product order. */
  versions: z.array(playerVersion),
});
export const playerSong = z.object({
  _id: z.string(),
  name: z.string(),
  song_writer: z.string().nullable(),
  /** Provided by the platform (ATK songs). */
  is_atk: status01,
  sources: z.array(playerSource),
});
export type PlayerSong = z.infer<typeof playerSong>;

export const playerTooltip = z.object({ feature: z.number().int().min(0).max(9), content: z.string() });

export const frequencyBand = z.object({
  min: z.number().describe('The low end of the band, in Hz.'),
  max: z.number().describe('The high end of the band, in Hz (above `min`).'),
  desc: z.string().describe('What the band sounds like: the text the graph shows for it (may be empty).'),
});
export const frequencyBands = z.object(
  Object.fromEntries(
    FREQUENCY_BANDS.map((b) => [b, frequencyBand.describe(`The \`${b}\` band of the frequency graph.`)]),
  ) as Record<(typeof FREQUENCY_BANDS)[number], typeof frequencyBand>,
);
export type FrequencyBands = z.infer<typeof frequencyBands>;
export const DEFAULT_FREQUENCY_BANDS: FrequencyBands = {
  sub: { min: 20, max: 60, desc: 'Felt more than heard: kick drum and bass weight, rumble.' },
  low: { min: 60, max: 250, desc: 'Body and warmth; proximity effect lives here.' },
  lo_mid: { min: 250, max: 500, desc: 'Fullness, or boxiness and mud when there is too much.' },
  mid: { min: 500, max: 2000, desc: 'The core of most voices and instruments; honk when overdone.' },
  hi_mid: { min: 2000, max: 4000, desc: 'Presence and intelligibility; harshness when pushed.' },
  hi: { min: 4000, max: 10000, desc: 'Clarity, attack and sibilance.' },
  air: { min: 10000, max: 20000, desc: 'Sparkle and openness at the top.' },
};

export const playerFeatures = z.object({
  /** The enabled ordered features (listening guide, discography…), in the instance's order. */
  ordered: z.array(z.enum(ORDERED_FEATURES)),
  display_price: status01,
  /** How many products the player offers at once (Products in Player; 99999 = no limit). */
  products_in_player: z.number(),
});
export type PlayerFeatures = z.infer<typeof playerFeatures>;

export const playerInstance = z.object({
  _id: z.string(),
  name: z.string(),
  brand_name: z.string(),
  features: playerFeatures,
  /** Active, published products of the instance: featured slots 1–3 first, then the rest in list order. */
  products: z.array(playerProduct),
  /** The featured products (slots 1–3) the player loads by default, in slot order. */
  featured: z.array(z.string()),
  /** Active songs in order (the products' songs, then the brand's own when My Audio is on), each with its
   * active sources in order; a source lists the ready versions of the player's products. */
  songs: z.array(playerSong),
  /** 1 while a recording of the player's products and sources is still being processed (not ready, not failed):
   * its version is missing from `songs` until it is ready. */
  preparing: status01,
  buttons: z.object({
    default: z.object({ currency: z.string(), symbol: z.string(), url: z.string() }),
    list: z.array(z.object({ currency: z.string(), symbol: z.string(), url: z.string() })),
  }),
  /** Which of the two image features comes first: codes in order (group_360, additional). */
  image_order: z.array(z.string()),
  tooltips: z.array(playerTooltip),
  frequency_bands: frequencyBands,
  /** The operator's info pages (Home, Listening Tips, About Us, FAQ): sanitised HTML, '' where none is written. */
  infos: z.object(Object.fromEntries(INFO_PAGES.map((p) => [p, z.string()])) as Record<InfoPage, z.ZodString>),
  /** 1 only on a signed-in preview of an instance that is not published (visitors get a 404); absent otherwise. */
  preview: z.literal(1).optional(),
});
export type PlayerInstance = z.infer<typeof playerInstance>;

/**
 * POST /widget/events: what the player reports for the statistics screens, in batches. An anonymous visitor
 * id (random, kept in the visitor's browser) ties a visit's events together; nothing else identifies anyone.
 */
export const playerEvent = z.object({
  type: z.enum(PLAYER_EVENT_TYPES, says(`must be one of ${PLAYER_EVENT_TYPES.join(', ')}`)),
  instance_id: id,
  product_id: id.nullish(),
  song_id: id.nullish(),
  source_id: id.nullish(),
  /** Listening time of a `listen` event, in seconds. */
  seconds: z.number(says('must be a number')).min(0).max(PLAYER_LISTEN_MAX_SECONDS).nullish(),
});
export const playerEvents = z.object({
  visitor_id: id,
  /** Which widget sent the batch: `<atk-player>` is desktop, the mobile widget mobile. Absent = desktop. */
  widget_type: z.enum(WIDGET_TYPES, says(`must be one of ${WIDGET_TYPES.join(', ')}`)).default('desktop'),
  /**
   * The host page (origin and path, no query or fragment): a new visitor's sign-up URL. The server keeps only
   * an http(s) URL's origin and path, whatever else is sent.
   */
  page_url: z.string(says('must be text')).max(2000).optional(),
  /**
   * The token the last answer gave this visitor for this instance (a launch's answer issues it): events other than a
   * launch count only with a valid one (docs/api.md "How hard the statistics are to inflate").
   */
  token: z.string(says('must be text')).max(100).optional(),
  events: z
    .array(playerEvent)
    .min(1)
    .max(PLAYER_EVENTS_MAX, { error: `must hold at most ${PLAYER_EVENTS_MAX} events` }),
});
export type PlayerEvents = z.infer<typeof playerEvents>;

/** GET /widget/instances/:id: any text (an unknown or malformed id is the same 404). */
export const playerInstanceParams = z.object({ id: safeString().max(100) });
/** POST /widget/events: how many events were stored. */
export const playerEventsAnswer = z.object({
  accepted: z.number().int(),
  /** The token the visitor's next batches carry: issued by a launch, renewed by a batch with a valid one; else null. */
  token: z.string().nullable(),
});
