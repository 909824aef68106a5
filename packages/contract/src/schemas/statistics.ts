import { z } from 'zod';
import {
  ALL_BRANDS,
  PREFERENCE_MIN_VOTES,
  STATISTICS_MAX_DAYS,
  STRENGTH_MIN_PAIR_VOTES,
  WIDGET_TYPES,
} from '../constants.ts';
import { MSG } from '../messages.ts';
import { id, isoTime, pageQuery, says } from './common.ts';

/**
 * The statistics API (paths under STATISTICS_BASE, /api/v1/atk). Days are UTC days,
 * `start` and `end` inclusive; every series has one point per day of the range, zeros included.
 * Operators use the `/admin/…` paths with a `brand_id`; a customer uses the same paths without `/admin`, for its
 * own brand only (a `brand_id` it sends is ignored). docs/api.md "Statistics".
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** True for a calendar day that exists: month 13 or February 30 do not (and must not reach `Date`'s throwing
 * `toISOString`, a 500 before). */
const isDay = (s: string) => {
  if (!DAY.test(s)) return false;
  const time = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(s);
};
/** A UTC calendar day, `YYYY-MM-DD`, that exists. */
export const day = z
  .string(says('must be a date YYYY-MM-DD'))
  .refine(isDay, { error: 'must be a date YYYY-MM-DD' })
  .describe('A UTC day, YYYY-MM-DD.');

/** Today's UTC day, `YYYY-MM-DD`. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);
/** Days from `start` to `end`, both included (1 for the same day). */
export const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** The range's own rules run only on two real days: a day that is not one is named alone ('must be a date'). */
const bothDays = (p: { value: unknown }) => {
  const q = p.value as { start?: unknown; end?: unknown };
  return typeof q.start === 'string' && isDay(q.start) && typeof q.end === 'string' && isDay(q.end);
};
const when = { when: bothDays };
/** `start`..`end`: not in the future, start not after end, at most STATISTICS_MAX_DAYS days. */
export const dayRange = z
  .object({
    start: day.describe('The first UTC day (YYYY-MM-DD), included.'),
    end: day.describe(
      `The last UTC day (YYYY-MM-DD), included: not in the future; at most ${STATISTICS_MAX_DAYS} days in all.`,
    ),
  })
  .refine((q) => q.end <= utcToday(), { error: MSG.statisticsFutureEnd, path: ['end'], ...when })
  .refine((q) => q.start <= q.end, { error: MSG.statisticsStartAfterEnd, path: ['start'], ...when })
  .refine((q) => daysBetween(q.start, q.end) <= STATISTICS_MAX_DAYS, {
    error: MSG.statisticsRangeTooLong,
    path: ['start'],
    ...when,
  });

/** An empty value (a cleared filter, the console's "All") is no filter. */
const optionalId = (what: string) => z.preprocess((v) => (v === '' ? undefined : v), id.optional()).describe(what);
/**
 * Admin paths name the brand, or ALL_BRANDS for every brand together; a customer's own paths take it from the
 * session.
 */
const brandQuery = z.object({
  brand_id: z
    .preprocess((v) => (v === '' ? undefined : v), z.union([z.literal(ALL_BRANDS), id]).optional())
    .describe(`Admin paths: the brand, or '${ALL_BRANDS}' for every brand together; a customer's own brand otherwise.`),
});

export const widgetType = z.enum(WIDGET_TYPES, says(`must be one of ${WIDGET_TYPES.join(', ')}`));

/** GET …/statistics/visitors/daily and …/brand/visitors/daily: new visitors per day. */
export const visitorsDailyQuery = z.intersection(dayRange, brandQuery);
/** GET …/statistics/instance/launch/daily: launches and unique visitors per day, of one instance or all. */
export const launchDailyQuery = z.intersection(
  dayRange,
  brandQuery.extend({ instance_id: optionalId('Only this player instance (else all of the brand).') }),
);
/** GET …/statistics/product/play and …/listening_time (and …/statistics/products, the per-product totals). */
export const productStatisticsQuery = z.intersection(
  dayRange,
  brandQuery.extend({
    widget_type: widgetType.default('desktop').describe('Which widget: desktop (the default) or mobile.'),
    product_id: optionalId('Only this product.'),
    instance_id: optionalId('Only this player instance.'),
  }),
);
/** GET …/player/visitors and …/player/brand/visitors: the visitors, newest first. */
export const visitorsQuery = pageQuery.omit({ is_deleted: true }).extend(brandQuery.shape);

export type DayRangeQuery = z.infer<typeof dayRange>;
export type VisitorsDailyQuery = z.infer<typeof visitorsDailyQuery>;
export type LaunchDailyQuery = z.infer<typeof launchDailyQuery>;
export type ProductStatisticsQuery = z.infer<typeof productStatisticsQuery>;
export type VisitorsQuery = z.infer<typeof visitorsQuery>;

/** One day of a series: `total` is the day's count (listening time: seconds). */
export const dayPoint = z.object({
  date: z.string().describe('The UTC day, YYYY-MM-DD.'),
  total: z.number().describe("The day's count (listening time: seconds)."),
});
/** One day of launches: `total` launches, `unique` distinct visitors that launched. */
export const launchPoint = dayPoint.extend({
  unique: z.number().int().describe('Distinct visitors that launched that day.'),
});
export type DayPoint = z.infer<typeof dayPoint>;
export type LaunchPoint = z.infer<typeof launchPoint>;

/** `dropped`: what ingestion dropped in the range (docs/api.md "How hard the statistics are to inflate"). */
const dropped = z.number().describe('What ingestion dropped in the range (as untrusted or over its limits).');
/** New visitors per day; `dropped`: launches dropped in the range (a visitor's first launch is its sign up). */
const series = z.array(dayPoint).describe('One point per day of the range, zeros included.');
export const dailySeries = z.object({
  series,
  dropped,
  strict_launches: z
    .number()
    .int()
    .default(0)
    .describe(
      'Launches in strict privacy mode in the range: no visitor is kept across days, so they are not in new visitors, sign-up pages or sign-ins.',
    ),
});
export type DailySeries = z.infer<typeof dailySeries>;
/**
 * Launches and unique visitors per day; the range's launches (`total_num`) and distinct visitors that launched in it
 * (`unique_num`, not the sum of the days' uniques); `dropped`: launches dropped in the range.
 */
export const launchSeries = z.object({
  series: z.array(launchPoint).describe('One point per day of the range, zeros included.'),
  total_num: z.number().int().describe("The range's launches."),
  unique_num: z.number().int().describe('Distinct visitors that launched in the range (not the days summed).'),
  dropped,
});
export type LaunchSeries = z.infer<typeof launchSeries>;
/** Product statistics: the series and the range's total (plays, or listening seconds), and how many were dropped. */
export const productSeries = z.object({
  series,
  total_num: z.number().describe("The range's total: plays, or listening seconds."),
  dropped,
});
export type ProductSeries = z.infer<typeof productSeries>;

/** A visitor (docs/api.md "Statistics"), as the Total Users tables show it; `updated_at` is the last sign in. */
export const visitor = z.object({
  _id: id.describe("The visitor's id (a random id its browser keeps); shown only as a tooltip."),
  sign_in_count: z.number().int().describe('Its sign ins: launches after 30 minutes without activity.'),
  launches: z.number().int().describe("Its launches (of the brand's players, or of any)."),
  sign_up_url: z.string().describe('The page it first launched a player on.'),
  country_name: z.string().describe('Its country, from its address when first seen.'),
  state_prov: z.string().describe('Its state or province.'),
  city: z.string().describe('Its city.'),
  created_at: isoTime.describe('First seen.'),
  updated_at: isoTime.describe('Last sign in.'),
});
export type Visitor = z.infer<typeof visitor>;

/** GET …/statistics/products: per product of the brand (or instance), its plays and listening seconds. */
export const productTotals = z.object({
  product_id: id.describe('The product.'),
  name: z.string().describe('Its name.'),
  plays: z.number().int().describe('Its plays in the range (a switch to it while playing counts).'),
  listening_time: z.number().describe('Seconds it was heard in the range.'),
  clicks: z
    .number()
    .int()
    .describe("Clicks on its buy button or retailers' links in the range (capped per visitor and day)."),
});
export type ProductTotals = z.infer<typeof productTotals>;
export const productTotalsList = z.object({
  list: z.array(productTotals).describe('Per product, most played first.'),
  dropped: z
    .object({
      plays: z.number().int().describe('Plays ingestion dropped in the range.'),
      listening_time: z.number().describe('Listening seconds ingestion dropped in the range.'),
      clicks: z.number().int().describe('Buy clicks ingestion dropped in the range.'),
    })
    .describe(
      'What ingestion dropped in the range, of the product asked or of every product (untrusted or over its limits).',
    ),
});
export type ProductTotalsList = z.infer<typeof productTotalsList>;

/**
 * GET /admin/statistics/brands: every brand with its activity in the range (launches and plays of `widget_type`,
 * or of every widget), most active first (then by name): the operators' brand filter lists them in this order and
 * opens on the first.
 */
export const brandActivityQuery = z.intersection(
  dayRange,
  z.object({ widget_type: widgetType.optional().describe('Only this widget (else both).') }),
);
export type BrandActivityQuery = z.infer<typeof brandActivityQuery>;
export const brandActivity = z.object({
  _id: id.describe('The brand.'),
  name: z.string().describe('Its name.'),
  launches: z.number().int().describe('Launches of its players in the range.'),
  plays: z.number().int().describe('Plays in the range.'),
});
export type BrandActivity = z.infer<typeof brandActivity>;
export const brandActivityList = z.object({
  list: z.array(brandActivity).describe('Every brand, most active first, then by name.'),
});
export type BrandActivityList = z.infer<typeof brandActivityList>;

// ── Listener verdicts ────────────────────────────────────────────────────────────────────────────────

/**
 * GET …/statistics/preferences: the blind votes of the brand's players (one instance, or all), optionally of one
 * song and one source (docs/api.md "Listener verdicts").
 */
export const preferencesQuery = z.intersection(
  dayRange,
  brandQuery.extend({
    widget_type: widgetType.default('desktop').describe('Which widget: desktop (the default) or mobile.'),
    instance_id: optionalId('Only this player instance (else all of the brand).'),
    song_id: optionalId('Only votes on this song.'),
    source_id: optionalId('Only votes on this source.'),
  }),
);
export type PreferencesQuery = z.infer<typeof preferencesQuery>;

/** A share with its 95 % Wilson score interval; all three null when nothing was counted. */
const share = {
  share: z.number().nullable().describe('The share, 0–1 (null: no votes).'),
  low: z.number().nullable().describe('The lower end of its 95 % Wilson score interval.'),
  high: z.number().nullable().describe('The upper end of its 95 % Wilson score interval.'),
};
export const productPreference = z.object({
  product_id: id.describe('The product.'),
  name: z.string().describe('Its name.'),
  votes: z.number().int().describe('Votes that compared it.'),
  wins: z.number().int().describe('Votes that preferred it.'),
  ...share,
  strength: z
    .number()
    .nullable()
    .describe(
      `Its Bradley–Terry strength (the products' geometric mean is 1), when every pair was compared at least ${STRENGTH_MIN_PAIR_VOTES} times; else null.`,
    ),
  strength_low: z.number().nullable().describe("The lower end of the strength's 95 % interval."),
  strength_high: z.number().nullable().describe("The upper end of the strength's 95 % interval."),
});
export type ProductPreference = z.infer<typeof productPreference>;
export const pairPreference = z
  .object({
    a_id: id.describe('One product of the pair.'),
    b_id: id.describe('The other.'),
    votes: z.number().int().describe('Votes that compared both.'),
    a_wins: z.number().int().describe('Votes that preferred a over b.'),
    b_wins: z.number().int().describe('Votes that preferred b over a.'),
    ties: z.number().int().describe('Votes that compared both and preferred neither.'),
    ...share,
  })
  .describe('share: a_wins among the votes that preferred one of the two.');
export type PairPreference = z.infer<typeof pairPreference>;
export const abxResult = z.object({
  a_id: id.describe('One product of the pair tested.'),
  a_name: z.string().describe('Its name.'),
  b_id: id.describe('The other.'),
  b_name: z.string().describe('Its name.'),
  tests: z.number().int().describe('ABX tests of the pair completed.'),
  trials: z.number().int().describe('Their trials.'),
  correct: z.number().int().describe('Trials answered right.'),
  p_value: z
    .number()
    .nullable()
    .describe('The pooled one-sided binomial p-value: the chance of this many right or more by guessing.'),
  significant_share: z
    .number()
    .nullable()
    .describe('The share of tests whose listener alone reached p < 0.05 (the difference was heard).'),
});
export type AbxResult = z.infer<typeof abxResult>;
export const preferences = z.object({
  votes: z.number().int().describe('Votes counted in the range.'),
  no_preference: z.number().int().describe('Of them, votes for No preference.'),
  min_votes: z
    .number()
    .int()
    .describe(`Below this many votes (${PREFERENCE_MIN_VOTES}) a result is "Not enough votes yet".`),
  products: z.array(productPreference).describe('Per product compared, most preferred first.'),
  pairs: z.array(pairPreference).describe('Per pair of products compared together, a before b by name.'),
  abx: z.array(abxResult).describe('Per pair of products ABX-tested, a before b by name.'),
});
export type Preferences = z.infer<typeof preferences>;
