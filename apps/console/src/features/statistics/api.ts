/**
 * The statistics calls (docs/api.md "Statistics"): operators use the `/admin` paths naming the brand; a customer the
 * plain paths, for its own brand (the server takes the brand from the session).
 */
import { type AtkProductItem, statisticsEndpoints as api, productEndpoints } from '@atk/contract';
import { call } from '../../api/client.ts';
import { PICKER_QUERY } from '../../api/pickers.ts';

export type {
  AbxResult,
  DailySeries,
  LaunchSeries,
  PairPreference,
  Preferences,
  ProductPreference,
  ProductSeries,
  ProductTotalsList,
} from '@atk/contract';
export type ProductMeasure = 'play' | 'listening_time';
/** The atk operator's product picker rows (GET /atk/admin/products). */
export type AtkProduct = AtkProductItem;

/** The inclusive UTC days of a statistics query. */
export interface DayRange {
  start: string;
  end: string;
}
/** What the Listener verdicts read: one instance, song and source, or ('' each) all. */
export interface PreferenceFilter {
  instanceId: string;
  songId: string;
  sourceId: string;
}
/** Whose statistics: an operator names the brand, a customer reads its own (`admin` false, no brand). */
export interface StatisticsScope {
  admin: boolean;
  brandId?: string;
}

const brandOf = (scope: StatisticsScope) => (scope.admin ? scope.brandId : undefined);

export const statisticsApi = {
  /** Platform-wide visitors, newest first (operators only). */
  visitors: (page: { page_num: number; page_size: number }) => call(api.visitors, { query: page }),
  /**
   * Erases what the server keeps of one visitor id (operators only; docs/api.md "What the statistics store, and for
   * how long"): msg MSG.visitorErased, a 404 MSG.visitorNotFound for an id it does not hold.
   */
  eraseVisitor: (id: string) => call(api.eraseVisitor, { params: { id } }),
  /** Platform-wide new visitors per day (operators only). */
  visitorsDaily: (range: DayRange) => call(api.visitorsDaily, { query: { ...range } }),
  brandVisitors: (scope: StatisticsScope, page: { page_num: number; page_size: number }) =>
    call(api.brandVisitors.of(scope.admin), { query: { ...page, brand_id: brandOf(scope) } }),
  brandVisitorsDaily: (scope: StatisticsScope, range: DayRange) =>
    call(api.brandVisitorsDaily.of(scope.admin), { query: { ...range, brand_id: brandOf(scope) } }),
  /** Launches and unique visitors per day, of one instance or (none named) all of the brand's. */
  launchDaily: (scope: StatisticsScope, range: DayRange, instanceId?: string) =>
    call(api.launchDaily.of(scope.admin), { query: { ...range, brand_id: brandOf(scope), instance_id: instanceId } }),
  /**
   * Every brand with its launches and plays in the range (of one widget type, or all), most active first: the
   * operators' brand filter.
   */
  brandActivity: (range: DayRange, widgetType?: 'mobile') =>
    call(api.brandActivity, { query: { ...range, widget_type: widgetType } }),
  /**
   * The blind votes (docs/api.md "Listener verdicts"), of one instance or all of the brand's, optionally of one song
   * and one source.
   */
  preferences: (scope: StatisticsScope, range: DayRange, filter: PreferenceFilter) =>
    call(api.preferences.of(scope.admin), {
      query: {
        ...range,
        brand_id: brandOf(scope),
        widget_type: 'desktop',
        instance_id: filter.instanceId || undefined,
        song_id: filter.songId || undefined,
        source_id: filter.sourceId || undefined,
      },
    }),
  /** Plays and listening seconds per product over the range, of one instance or all of the brand's. */
  products: (scope: StatisticsScope, range: DayRange, instanceId?: string) =>
    call(api.productTotals.of(scope.admin), {
      query: { ...range, brand_id: brandOf(scope), instance_id: instanceId },
    }),
};

/** The mobile widget's product statistics (the atk role). */
export const mobileStatisticsApi = {
  /** Plays (`play`) or listening seconds (`listening_time`) per day, of a brand's products or one of them. */
  product: (measure: ProductMeasure, range: DayRange, brandId: string, productId?: string) =>
    call(measure === 'play' ? api.productPlays.admin : api.productListening.admin, {
      query: { ...range, brand_id: brandId, product_id: productId, widget_type: 'mobile' },
    }),
  products: (brandId: string) => call(productEndpoints.atkProducts, { query: { ...PICKER_QUERY, brand_id: brandId } }),
};

export const statisticsKeys = {
  all: ['statistics'] as const,
  visitors: (page: number) => [...statisticsKeys.all, 'visitors', page] as const,
  visitorsDaily: (range: DayRange) => [...statisticsKeys.all, 'visitors-daily', range] as const,
  brandVisitors: (scope: StatisticsScope, page: number) =>
    [...statisticsKeys.all, 'brand-visitors', scope, page] as const,
  brandVisitorsDaily: (scope: StatisticsScope, range: DayRange) =>
    [...statisticsKeys.all, 'brand-visitors-daily', scope, range] as const,
  launchDaily: (scope: StatisticsScope, range: DayRange, instanceId?: string) =>
    [...statisticsKeys.all, 'launch-daily', scope, range, instanceId ?? null] as const,
  products: (scope: StatisticsScope, range: DayRange, instanceId?: string) =>
    [...statisticsKeys.all, 'products', scope, range, instanceId ?? null] as const,
  preferences: (scope: StatisticsScope, range: DayRange, filter: PreferenceFilter) =>
    [...statisticsKeys.all, 'preferences', scope, range, filter] as const,
  mobileProduct: (measure: ProductMeasure, range: DayRange, brandId: string, productId: string) =>
    [...statisticsKeys.all, 'mobile-product', measure, range, brandId, productId] as const,
  brandActivity: (range: DayRange, widgetType?: string) =>
    [...statisticsKeys.all, 'brand-activity', range, widgetType ?? null] as const,
  atkProducts: (brandId: string) => [...statisticsKeys.all, 'atk-products', brandId] as const,
};
