/**
 * The statistics calls (spec 2 §7 "Statistics", issue 13): under STATISTICS_BASE (/api/v1/atk), not the player
 * API's base, through the one client with its `base` option. Operators use the `/admin` paths naming the brand;
 * a customer the plain paths, for its own brand (the server takes the brand from the session).
 */
import {
  type BrandActivity,
  type DayPoint,
  type LaunchPoint,
  type ListData,
  type ProductTotals,
  STATISTICS_BASE,
  type Visitor,
} from '@atk/contract';
import { get } from '../../api/client.ts';
import { PICKER_QUERY } from '../../api/pickers.ts';
import { scoped } from '../../api/scope.ts';

const atk = { base: STATISTICS_BASE } as const;

/**
 * The answers' shapes (the contract's `dailySeries`, `launchSeries`, `productTotalsList`); `dropped`: what ingestion
 * dropped in the range (launches; or plays, listening seconds).
 */
export type DailySeries = { series: DayPoint[]; dropped: number };
/** `total_num` launches and `unique_num` distinct visitors of the range (not the days' uniques summed). */
export type LaunchSeries = { series: LaunchPoint[]; total_num: number; unique_num: number; dropped: number };
export type ProductTotalsList = { list: ProductTotals[] };
/** A product series (plays, or listening seconds, per day), the range's total and what was dropped. */
export type ProductSeries = { series: DayPoint[]; total_num: number; dropped: number };
export type ProductMeasure = 'play' | 'listening_time';
/** The atk operator's product picker rows (GET /atk/admin/products). */
export type AtkProduct = { _id: string; name: string; model: string | null };

/** The inclusive UTC days of a statistics query. */
export interface DayRange {
  start: string;
  end: string;
}
/** Whose statistics: an operator names the brand, a customer reads its own (`admin` false, no brand). */
export interface StatisticsScope {
  admin: boolean;
  brandId?: string;
}

const brandOf = (scope: StatisticsScope) => (scope.admin ? scope.brandId : undefined);

export const statisticsApi = {
  /** Platform-wide visitors, newest first (operators only). */
  visitors: (page: { page_num: number; page_size: number }) =>
    get<ListData<Visitor>>('/admin/player/visitors', { ...atk, query: page }),
  /** Platform-wide new visitors per day (operators only). */
  visitorsDaily: (range: DayRange) =>
    get<DailySeries>('/admin/statistics/visitors/daily', { ...atk, query: { ...range } }),
  brandVisitors: (scope: StatisticsScope, page: { page_num: number; page_size: number }) =>
    get<ListData<Visitor>>(scoped(scope.admin, '/player/brand/visitors'), {
      ...atk,
      query: { ...page, brand_id: brandOf(scope) },
    }),
  brandVisitorsDaily: (scope: StatisticsScope, range: DayRange) =>
    get<DailySeries>(scoped(scope.admin, '/statistics/brand/visitors/daily'), {
      ...atk,
      query: { ...range, brand_id: brandOf(scope) },
    }),
  /** Launches and unique visitors per day, of one instance or (none named) all of the brand's. */
  launchDaily: (scope: StatisticsScope, range: DayRange, instanceId?: string) =>
    get<LaunchSeries>(scoped(scope.admin, '/statistics/instance/launch/daily'), {
      ...atk,
      query: { ...range, brand_id: brandOf(scope), instance_id: instanceId },
    }),
  /**
   * Every brand with its launches and plays in the range (of one widget type, or all), most active first: the
   * operators' brand filter.
   */
  brandActivity: (range: DayRange, widgetType?: 'mobile') =>
    get<{ list: BrandActivity[] }>('/admin/statistics/brands', {
      ...atk,
      query: { ...range, widget_type: widgetType },
    }),
  /** Plays and listening seconds per product over the range, of one instance or all of the brand's. */
  products: (scope: StatisticsScope, range: DayRange, instanceId?: string) =>
    get<ProductTotalsList>(scoped(scope.admin, '/statistics/products'), {
      ...atk,
      query: { ...range, brand_id: brandOf(scope), instance_id: instanceId },
    }),
};

/** The mobile widget's product statistics (spec 3 §2 Product statistics, §7 "Mobile operator"; the atk role). */
export const mobileStatisticsApi = {
  /** Plays (`play`) or listening seconds (`listening_time`) per day, of a brand's products or one of them. */
  product: (measure: ProductMeasure, range: DayRange, brandId: string, productId?: string) =>
    get<ProductSeries>(`/admin/statistics/product/${measure}`, {
      ...atk,
      query: { ...range, brand_id: brandId, product_id: productId, widget_type: 'mobile' },
    }),
  products: (brandId: string) =>
    get<ListData<AtkProduct>>('/admin/products', { ...atk, query: { ...PICKER_QUERY, brand_id: brandId } }),
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
  mobileProduct: (measure: ProductMeasure, range: DayRange, brandId: string, productId: string) =>
    [...statisticsKeys.all, 'mobile-product', measure, range, brandId, productId] as const,
  brandActivity: (range: DayRange, widgetType?: string) =>
    [...statisticsKeys.all, 'brand-activity', range, widgetType ?? null] as const,
  atkProducts: (brandId: string) => [...statisticsKeys.all, 'atk-products', brandId] as const,
};
