import { STATISTICS_BASE } from '../constants.ts';
import { ADMINS, ATK_ONLY, endpoint, removal, variants } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { MSG } from '../messages.ts';
import {
  brandActivityList,
  brandActivityQuery,
  dailySeries,
  dayRange,
  launchDailyQuery,
  launchSeries,
  preferences,
  preferencesQuery,
  productSeries,
  productStatisticsQuery,
  productTotalsList,
  visitor,
  visitorsDailyQuery,
  visitorsQuery,
} from '../schemas/statistics.ts';

const tag = 'statistics';
/** The brand paths: operators name the brand (or all brands) on `/admin/…`, a customer reads its own brand's. */
const BRAND_SCOPE =
  "Operators use the /admin path and name the brand (brand_id, or 'all' for every brand); a customer the plain path, for its own brand (a brand_id it sends is ignored).";
const atk = { base: STATISTICS_BASE };
/** The atk operator reads product statistics of any brand (the mobile widget's), through the admin paths. */
const withAtk = { base: STATISTICS_BASE, admins: [...ADMINS, ...ATK_ONLY] };
const RANGE = 'Days are UTC days, start and end included, one point per day, zeros included.';

/** The statistics (docs/api.md "Statistics"): every figure is defined there once. */
export const statisticsEndpoints = {
  visitors: endpoint({
    method: 'GET',
    path: `${STATISTICS_BASE}/admin/player/visitors`,
    auth: ADMINS,
    query: visitorsQuery.omit({ brand_id: true }),
    data: listOf(visitor),
    tag,
    summary: "List the platform's visitors",
    description: 'Every visitor of the platform, newest first seen first, 20 a page.',
  }),
  eraseVisitor: endpoint({
    ...removal(`${STATISTICS_BASE}/admin/player/visitors/:id`),
    auth: ADMINS,
    tag,
    summary: 'Erase a visitor',
    description: `Erases what the server keeps of one visitor id, as the player's "Forget me" does (its visitor and brand-visitor rows, raw events, day marks as a unique visitor, listening bounds and click count, blind votes and ABX answers); daily totals stay. msg '${MSG.visitorErased}'; an id the server does not hold is a 404 '${MSG.visitorNotFound}'.`,
  }),
  visitorsDaily: endpoint({
    method: 'GET',
    path: `${STATISTICS_BASE}/admin/statistics/visitors/daily`,
    auth: ADMINS,
    query: dayRange,
    data: dailySeries,
    tag,
    summary: "The platform's new visitors per day",
    description: `New visitors of the platform per day (their first launch of any player). ${RANGE}`,
  }),
  brandActivity: endpoint({
    method: 'GET',
    path: `${STATISTICS_BASE}/admin/statistics/brands`,
    auth: [...ADMINS, ...ATK_ONLY],
    query: brandActivityQuery,
    data: brandActivityList,
    tag,
    summary: 'Brands by activity',
    description:
      "Every live brand with its launches and plays in the range (of one widget type, or both), most active first, then by name: the operators' brand filter opens on the first.",
  }),
  brandVisitors: variants(
    {
      method: 'GET',
      path: '/player/brand/visitors',
      query: visitorsQuery,
      data: listOf(visitor),
      tag,
      summary: "List a brand's visitors",
      description: `The brand's visitors, newest first seen first, each with its sign up, sign ins and place as the brand saw them. ${BRAND_SCOPE}`,
    },
    atk,
  ),
  brandVisitorsDaily: variants(
    {
      method: 'GET',
      path: '/statistics/brand/visitors/daily',
      query: visitorsDailyQuery,
      data: dailySeries,
      tag,
      summary: "A brand's new visitors per day",
      description: `New visitors of the brand per day (their first launch of one of its players). ${RANGE} ${BRAND_SCOPE}`,
    },
    atk,
  ),
  launchDaily: variants(
    {
      method: 'GET',
      path: '/statistics/instance/launch/daily',
      query: launchDailyQuery,
      data: launchSeries,
      tag,
      summary: 'Launches and unique visitors per day',
      description: `Launches and unique visitors per day, of one instance of the brand or of all of them, and the range's launches and distinct visitors. ${RANGE} ${BRAND_SCOPE}`,
    },
    atk,
  ),
  productPlays: variants(
    {
      method: 'GET',
      path: '/statistics/product/play',
      query: productStatisticsQuery,
      data: productSeries,
      tag,
      summary: 'Plays per day',
      description: `Plays per day of the brand's players (one product or all; a switch to a product while playing is a play of it), and the range's total. ${RANGE} ${BRAND_SCOPE} The atk operator uses the admin path too.`,
    },
    withAtk,
  ),
  productListening: variants(
    {
      method: 'GET',
      path: '/statistics/product/listening_time',
      query: productStatisticsQuery,
      data: productSeries,
      tag,
      summary: 'Listening seconds per day',
      description: `Listening seconds per day of the brand's players (one product or all), and the range's total. ${RANGE} ${BRAND_SCOPE} The atk operator uses the admin path too.`,
    },
    withAtk,
  ),
  productTotals: variants(
    {
      method: 'GET',
      path: '/statistics/products',
      query: productStatisticsQuery,
      data: productTotalsList,
      tag,
      summary: 'Plays and listening per product',
      description: `Per product played or clicked in the brand's players (or one instance's): its plays, listening seconds and buy clicks in the range, most played first; products nobody heard or clicked are left out. ${BRAND_SCOPE}`,
    },
    atk,
  ),
  preferences: variants(
    {
      method: 'GET',
      path: '/statistics/preferences',
      query: preferencesQuery,
      data: preferences,
      tag,
      summary: 'Listener verdicts: blind preference votes',
      description: `The blind votes of the brand's players (one instance or all; one song, one source): per product its votes, wins and share with a 95 % Wilson interval and, when every pair was compared often enough, its Bradley–Terry strength; per pair its wins and share. Votes are counted as docs/api.md "Listener verdicts" says (heard 5 s each, once per visitor, instance, song and source a day). ${BRAND_SCOPE} The atk operator reads mobile instances' votes (widget_type=mobile) through the admin path.`,
    },
    withAtk,
  ),
};
