import { z } from 'zod';
import {
  ABX_TRIALS_MAX,
  ABX_TRIALS_MIN,
  FREQUENCY_BANDS,
  INFO_PAGE_LABELS,
  INFO_PAGES,
  type InfoPage,
  ORDERED_FEATURES,
  PLAYER_EVENT_TYPES,
  PLAYER_EVENTS_MAX,
  PLAYER_LISTEN_MAX_SECONDS,
  PLAYER_VOTE_PRODUCTS_MAX,
  WIDGET_TYPES,
} from '../constants.ts';
import { MSG } from '../messages.ts';
import { id, safeString, says, status01 } from './common.ts';

/**
 * The public read of a published instance for the embeddable `<atk-player>` (GET /widget/instances/{id}):
 * no token, cacheable, readable from any origin. Only what a visitor may see.
 */
const file = z.object({ url: z.string().describe("The file's address."), name: z.string().describe('Its name.') });
const priceEntry = z.object({
  currency: z.string().describe('ISO 4217 code.'),
  price: z.number().describe('The amount.'),
  symbol: z.string().describe('The currency symbol.'),
});

export const playerProduct = z.object({
  _id: z.string().describe("The product's id."),
  name: z.string().describe('Its name.'),
  model: z.string().nullable().describe('Its model.'),
  brand_name: z.string().describe("Its brand's name."),
  /** The product's thumbnail image URL, null when it has none. */
  thumbnail: z.string().nullable().describe("The thumbnail image's address; null when it has none."),
  /** The large image, the additional images in their order, and the eight 360° slots (null where empty). */
  images: z
    .object({
      large: z.string().nullable().describe("The large image's address; null when none."),
      additional: z.array(file).describe('The additional images, in order.'),
      group_360: z.array(z.string().nullable()).describe('The eight 360° slots (null where empty).'),
    })
    .describe('Its images.'),
  price: z
    .object({
      default: priceEntry.nullable().describe('The default price; null when none.'),
      list: z.array(priceEntry).describe('A price for each currency.'),
    })
    .nullable()
    .describe('Its prices; null when the instance shows none.'),
  /** Sanitised HTML (h3, p, strong, em, u, a). */
  listening_guide: z.string().nullable().describe('Sanitised HTML (h3, p, strong, em, u, a); null when none.'),
  discography: z
    .array(
      z.object({
        artist: z.string().nullish().describe('The artist.'),
        song: z.string().nullish().describe('The song.'),
        producer_engineer: z.string().nullish().describe('The producer or engineer.'),
        instruments: z.string().nullish().describe('What it was used on.'),
        spotify_link: z.string().nullish().describe('A Spotify link.'),
        tidal_link: z.string().nullish().describe('A TIDAL link.'),
      }),
    )
    .describe('Recordings made with it.'),
  tech_specs: z.record(z.string(), z.unknown()).nullable().describe('Its tech specs by field; null when none.'),
  frequency_graph: file.nullable().describe('Its frequency graph image; null when none.'),
});
export type PlayerProduct = z.infer<typeof playerProduct>;

/** One product's processed recording of a source: what the audio engine plays. */
export const playerVersion = z.object({
  product_id: z.string().describe('The product it was recorded through.'),
  /** The processed 320 kbps MP3. */
  url: z.string().describe('The processed 320 kbps MP3.'),
  lufs: z.number().nullable().describe('Its integrated loudness (LUFS).'),
  true_peak: z.number().nullable().describe('Its true peak (dBTP).'),
  /** The waveform peaks file (8-bit), null until processed. */
  peaks_url: z.string().nullable().describe('The waveform peaks file (8-bit); null until processed.'),
  duration_ms: z.number().nullable().describe('Its length in milliseconds.'),
  sample_rate: z.number().nullable().describe('Its sample rate (Hz).'),
});
export type PlayerVersion = z.infer<typeof playerVersion>;

export const playerSource = z.object({
  _id: z.string().describe("The source's id."),
  name: z.string().describe('Its name.'),
  performer: z.string().nullable().describe('Who plays it.'),
  /** Ready versions only, in the player's product order. */
  versions: z.array(playerVersion).describe("Its ready recordings, in the player's product order."),
});
export type PlayerSource = z.infer<typeof playerSource>;
export const playerSong = z.object({
  _id: z.string().describe("The song's id."),
  name: z.string().describe('Its name.'),
  song_writer: z.string().nullable().describe('Who wrote it.'),
  /** Provided by the platform (ATK songs). */
  is_atk: status01.describe('1: a platform (ATK) song.'),
  sources: z.array(playerSource).describe('Its active sources, in order.'),
});
export type PlayerSong = z.infer<typeof playerSong>;

export const playerTooltip = z.object({
  feature: z.number().int().min(0).max(9).describe('The feature, by its index in TOOLTIP_FEATURES (0–9).'),
  content: z.string().describe("The tooltip's text."),
});
export type PlayerTooltip = z.infer<typeof playerTooltip>;

export const frequencyBand = z.object({
  min: z.number().describe('The low end of the band, in Hz.'),
  max: z.number().describe('The high end of the band, in Hz (above `min`).'),
  desc: z.string().describe('What the band sounds like: the text the graph shows for it (may be empty).'),
});
export type FrequencyBand = z.infer<typeof frequencyBand>;
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
  ordered: z
    .array(z.enum(ORDERED_FEATURES))
    .describe("The enabled ordered features (listening guide, discography…), in the instance's order."),
  display_price: status01.describe('1: the player shows prices.'),
  /** How many products the player offers at once (Products in Player; 99999 = no limit). */
  products_in_player: z.number().describe('How many products the player offers at once (99999: no limit).'),
  listener_votes: status01.describe('1: after a blind test the player asks "Which did you prefer?".'),
  abx_trials: z
    .number()
    .int()
    .describe('The trials of an ABX test the player offers from a blind test; 0: it offers none.'),
  utm_tags: status01.describe(
    '1: the player adds utm_source=atk-player, utm_medium=referral and utm_campaign=<instance name slug> to its buy links.',
  ),
});
export type PlayerFeatures = z.infer<typeof playerFeatures>;

const buttonAnswer = z.object({
  currency: z.string().describe('ISO 4217 code.'),
  symbol: z.string().describe('The currency symbol.'),
  url: z.string().describe('Where the buy button leads.'),
});
/** The info pages a player shows, each its own field. */
export const playerInfos = <P extends InfoPage>(pages: readonly P[]) =>
  z
    .object(
      Object.fromEntries(
        pages.map((p) => [p, z.string().describe(`The ${INFO_PAGE_LABELS[p]} page: sanitised HTML, '' when none.`)]),
      ) as Record<P, z.ZodString>,
    )
    .describe("The operator's info pages.");

export const playerInstance = z.object({
  _id: z.string().describe("The instance's id."),
  name: z.string().describe('Its name.'),
  brand_name: z.string().describe("Its brand's name."),
  features: playerFeatures.describe('What the player offers.'),
  /** Active, published products of the instance: featured slots 1–3 first, then the rest in list order. */
  products: z
    .array(playerProduct)
    .describe('Its active, published products: featured slots 1–3 first, then the rest in list order.'),
  /** The featured products (slots 1–3) the player loads by default, in slot order. */
  featured: z.array(z.string()).describe('The featured products (slots 1–3) loaded at launch, in slot order.'),
  /** Active songs in order (the products' songs, then the brand's own when My Audio is on), each with its
   * active sources in order; a source lists the ready versions of the player's products. */
  songs: z
    .array(playerSong)
    .describe("Active songs in order (the products', then the brand's own when My Audio is on)."),
  /** 1 while a recording of the player's products and sources is still being processed (not ready, not failed):
   * its version is missing from `songs` until it is ready. */
  preparing: status01.describe('1 while a recording is still being processed (missing from songs until ready).'),
  buttons: z
    .object({
      default: buttonAnswer.describe('The destination when no currency below matches.'),
      list: z.array(buttonAnswer).describe('A destination for each currency.'),
    })
    .describe("The buy button's destinations."),
  /** Which of the two image features comes first: codes in order (group_360, additional). */
  image_order: z.array(z.string()).describe('The image features by order: group_360, additional.'),
  tooltips: z.array(playerTooltip).describe("The platform's tooltips."),
  frequency_bands: frequencyBands.describe("The frequency graph's seven bands."),
  /** The operator's info pages (Home, Listening Tips, About Us, FAQ): sanitised HTML, '' where none is written. */
  infos: playerInfos(INFO_PAGES),
  /** 1 only on a signed-in preview of an instance that is not published (visitors get a 404); absent otherwise. */
  preview: z
    .literal(1)
    .optional()
    .describe('1 only on a signed-in preview of an unpublished instance; absent otherwise.'),
});
export type PlayerInstance = z.infer<typeof playerInstance>;

/**
 * POST /widget/events: what the player reports for the statistics screens, in batches. An anonymous visitor
 * id (random, kept in the visitor's browser) ties a visit's events together; nothing else identifies anyone.
 */
export const playerEvent = z
  .object({
    type: z
      .enum(PLAYER_EVENT_TYPES, says(`must be one of ${PLAYER_EVENT_TYPES.join(', ')}`))
      .describe(
        "launch: the player opened; play: a recording started; listen: listening time; vote: a blind preference; abx: an ABX test's answers; buy_click: the visitor clicked the buy button or a retailer's link.",
      ),
    instance_id: id.describe('The instance (desktop or mobile) shown.'),
    product_id: id
      .nullish()
      .describe(
        'The product played, for play and listen; for a vote, the one preferred (absent: No preference); for a buy click (required), the product shown.',
      ),
    song_id: id.nullish().describe('The song played (a vote: required).'),
    source_id: id.nullish().describe('The source played (a vote: required).'),
    /** Listening time of a `listen` event, in seconds. */
    seconds: z
      .number(says('must be a number'))
      .min(0)
      .max(PLAYER_LISTEN_MAX_SECONDS)
      .nullish()
      .describe(`Listening time of a listen event, in seconds (up to ${PLAYER_LISTEN_MAX_SECONDS}).`),
    /** A vote's products, as the blind test showed them (A, B, …). */
    products: z
      .array(id)
      .min(2, { error: 'must name at least 2 products' })
      .max(PLAYER_VOTE_PRODUCTS_MAX, { error: `must name at most ${PLAYER_VOTE_PRODUCTS_MAX} products` })
      .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, {
        error: 'must not name a product twice',
      })
      .optional()
      .describe(`A vote: the products compared, in the order shown (A, B, …), 2 to ${PLAYER_VOTE_PRODUCTS_MAX}.`),
    /** Seconds the visitor heard each of a vote's products, in the same order (the server checks its own). */
    heard: z
      .array(z.number(says('must be a number')).min(0).max(PLAYER_LISTEN_MAX_SECONDS))
      .max(PLAYER_VOTE_PRODUCTS_MAX)
      .optional()
      .describe("A vote: the seconds the player heard each product, in products' order."),
    level_matched: z.boolean(says('must be true or false')).optional().describe('A vote: level matching was on.'),
    /** A buy click: the mobile widget's retailer (DEALS) clicked; absent for the buy button (the brand's own link). */
    retailer_id: id
      .nullish()
      .describe("A buy click: the retailer (the mobile widget's DEALS) clicked; absent: the buy button."),
    currency: z
      .string(says('must be text'))
      .regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter currency code' })
      .nullish()
      .describe("A buy click: the currency of the link's destination (ISO 4217), when it has one."),
    /** An ABX test's answers: the test POST /widget/abx started, and what the visitor took X for in each trial. */
    test: z.string(says('must be text')).max(1000).optional().describe('ABX: the test POST /widget/abx answered.'),
    answers: z
      .array(z.enum(['A', 'B'], says('must be A or B')))
      .min(ABX_TRIALS_MIN, { error: `must hold at least ${ABX_TRIALS_MIN} answers` })
      .max(ABX_TRIALS_MAX, { error: `must hold at most ${ABX_TRIALS_MAX} answers` })
      .optional()
      .describe('ABX: what the visitor took X for, trial by trial (A or B).'),
    trial_seconds: z
      .array(z.number(says('must be a number')).min(0).max(PLAYER_LISTEN_MAX_SECONDS))
      .max(ABX_TRIALS_MAX)
      .optional()
      .describe('ABX: the seconds each trial took, in order.'),
  })
  .superRefine((e, ctx) => {
    if (e.type === 'buy_click') {
      if (!e.product_id) ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'is required for a buy click' });
      return;
    }
    if (e.type === 'abx') {
      for (const field of ['test', 'answers'] as const)
        if (!e[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'is required for an ABX test' });
      if (e.trial_seconds && e.answers && e.trial_seconds.length !== e.answers.length)
        ctx.addIssue({ code: 'custom', path: ['trial_seconds'], message: 'must give one figure per answer' });
      return;
    }
    if (e.type !== 'vote') return;
    const missing = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: 'is required for a vote' });
    if (!e.song_id) missing('song_id');
    if (!e.source_id) missing('source_id');
    if (!e.products) return missing('products');
    if (e.heard && e.heard.length !== e.products.length)
      ctx.addIssue({ code: 'custom', path: ['heard'], message: 'must give one figure per product' });
    if (e.product_id && !e.products.some((p) => p.toLowerCase() === e.product_id?.toLowerCase()))
      ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'must be one of the products compared' });
  });
export type PlayerEvent = z.infer<typeof playerEvent>;

/** POST /widget/forget: the visitor id the device kept, which the server forgets. */
export const forgetVisitor = z.object({
  visitor_id: id.describe("The anonymous visitor id the player kept in the visitor's browser."),
});
export const visitorParams = z.object({ id: id.describe('The anonymous visitor id.') });
export const playerEvents = z
  .object({
    visitor_id: id
      .optional()
      .describe(
        "The anonymous visitor id (random, kept in the visitor's browser). Required in standard privacy; absent in strict.",
      ),
    /**
     * strict: the host page asked for nothing on the visitor's device (`privacy="strict"`, or Global Privacy Control);
     * the batch carries no visitor id and the server derives one valid a UTC day (docs/api.md "What the statistics
     * store, and for how long").
     */
    privacy: z
      .enum(['standard', 'strict'], says('must be one of standard, strict'))
      .default('standard')
      .describe(
        'standard: the batch carries the visitor id kept in the browser; strict: nothing is stored on the device, no visitor id is sent, the server keeps a salted hash valid one UTC day. Absent: standard.',
      ),
    /** Which widget sent the batch: `<atk-player>` is desktop, the mobile widget mobile. Absent = desktop. */
    widget_type: z
      .enum(WIDGET_TYPES, says(`must be one of ${WIDGET_TYPES.join(', ')}`))
      .default('desktop')
      .describe('desktop: <atk-player>; mobile: the mobile widget. Absent: desktop.'),
    /**
     * The host page (origin and path, no query or fragment): a new visitor's sign-up URL. The server keeps only
     * an http(s) URL's origin and path, whatever else is sent.
     */
    page_url: z
      .string(says('must be text'))
      .max(2000)
      .optional()
      .describe("The host page; only an http(s) URL's origin and path are kept."),
    /**
     * The token the last answer gave this visitor for this instance (a launch's answer issues it): events other than a
     * launch count only with a valid one (docs/api.md "How hard the statistics are to inflate").
     */
    token: z
      .string(says('must be text'))
      .max(100)
      .optional()
      .describe(
        'The token the last answer gave this visitor for this instance; events other than a launch count only with it.',
      ),
    events: z
      .array(playerEvent)
      .min(1)
      .max(PLAYER_EVENTS_MAX, { error: `must hold at most ${PLAYER_EVENTS_MAX} events` })
      .describe(`The events, 1 to ${PLAYER_EVENTS_MAX}.`),
  })
  .refine((b) => b.privacy === 'strict' || b.visitor_id !== undefined, {
    error: MSG.visitorIdRequired,
    path: ['visitor_id'],
  });
export type PlayerEvents = z.infer<typeof playerEvents>;

/** GET /widget/instances/:id: any text (an unknown or malformed id is the same 404). */
export const playerInstanceParams = z.object({
  id: safeString().max(100).describe("The instance's id (an unknown or malformed one is the same 404)."),
});
export type PlayerInstanceParams = z.infer<typeof playerInstanceParams>;
/** POST /widget/events: how many events were stored. */
export const playerEventsAnswer = z.object({
  accepted: z.number().int().describe('How many events were stored.'),
  /** The token the visitor's next batches carry: issued by a launch, renewed by a batch with a valid one; else null. */
  token: z
    .string()
    .nullable()
    .describe("The token the visitor's next batches carry: issued by a launch, renewed by a valid batch; else null."),
  /** The ABX tests whose answers this batch brought, scored by the server's own sequence (each test once). */
  abx: z
    .array(
      z.object({
        test: z.string().describe('The test, as POST /widget/abx gave it.'),
        trials: z.number().int().describe('Its trials.'),
        correct: z.number().int().describe('Trials answered right.'),
        p_value: z.number().describe('The one-sided binomial chance of this many right or more by guessing.'),
      }),
    )
    .optional()
    .describe('The ABX tests this batch completed, scored (absent when none; a test already counted is not).'),
});
export type PlayerEventsAnswer = z.infer<typeof playerEventsAnswer>;

/**
 * POST /widget/abx: a visitor who launched the instance starts an ABX test of two of its products on one song and
 * source. The server picks X for each trial and keeps it to itself: the answer's `test` is signed and says nothing
 * of X; each trial's X is played from GET /widget/abx/audio (docs/api.md "Listener verdicts").
 */
export const abxStart = z
  .object({
    visitor_id: id.describe('The visitor, as in the events.'),
    widget_type: z
      .enum(WIDGET_TYPES, says(`must be one of ${WIDGET_TYPES.join(', ')}`))
      .default('desktop')
      .describe('desktop: <atk-player>; mobile: the mobile widget.'),
    token: z.string(says('must be text')).max(100).describe("The launch's token (the events' answer)."),
    instance_id: id.describe('The instance.'),
    song_id: id.describe('The song played.'),
    source_id: id.describe('The source played.'),
    a_id: id.describe('Product A.'),
    b_id: id.describe('Product B (not A).'),
  })
  .refine((b) => b.a_id.toLowerCase() !== b.b_id.toLowerCase(), {
    error: 'must not be product A',
    path: ['b_id'],
  });
export type AbxStart = z.infer<typeof abxStart>;
export const abxStarted = z.object({
  test: z.string().describe('The test, signed: the audio of each trial and the answers name it.'),
  trials: z.number().int().describe('How many trials it has.'),
});
export type AbxStarted = z.infer<typeof abxStarted>;
