import {
  brandActivityList,
  brandActivityQuery,
  dailySeries,
  dayRange,
  envelopeOf,
  launchDailyQuery,
  launchSeries,
  listOf,
  productSeries,
  productStatisticsQuery,
  productTotalsList,
  type Role,
  visitor,
  visitorsDailyQuery,
  visitorsQuery,
} from '@atk/contract';
import { ADMINS, currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { VARIANTS } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as statistics from './service.ts';

const tags = ['statistics'];
const visitorList = { 200: envelopeOf(listOf(visitor)) };
const daily = { 200: envelopeOf(dailySeries) };
const products = { 200: envelopeOf(productSeries) };

/**
 * The statistics API (docs/api.md "Statistics"), registered under STATISTICS_BASE (/api/v1/atk). The platform-wide
 * reads are operators' only; the brand reads exist twice like brand content: `/admin/…` naming a `brand_id`, and
 * the bare path for a customer's own brand. The atk operator reads product statistics of any brand.
 */
export function statisticsRoutes(app: App, { db }: Deps) {
  app.get(
    '/admin/player/visitors',
    {
      config: { auth: ADMINS },
      schema: { tags, querystring: visitorsQuery.omit({ brand_id: true }), response: visitorList },
    },
    async (req) => ok(await statistics.listVisitors(db, req.query)),
  );
  app.get(
    '/admin/statistics/visitors/daily',
    { config: { auth: ADMINS }, schema: { tags, querystring: dayRange, response: daily } },
    async (req) => ok(await statistics.platformVisitorsDaily(db, req.query)),
  );
  app.get(
    '/admin/statistics/brands',
    {
      config: { auth: [...ADMINS, 'atk'] satisfies Role[] },
      schema: { tags, querystring: brandActivityQuery, response: { 200: envelopeOf(brandActivityList) } },
    },
    async (req) => ok(await statistics.brandActivity(db, req.query)),
  );

  for (const { prefix, auth } of VARIANTS) {
    const config = { auth };
    // The atk operator's product statistics use the admin paths (it has no brand of its own).
    const productConfig = { auth: prefix ? ([...auth, 'atk'] satisfies Role[]) : auth };
    app.get(
      `${prefix}/player/brand/visitors`,
      { config, schema: { tags, querystring: visitorsQuery, response: visitorList } },
      async (req) => ok(await statistics.listBrandVisitors(db, currentUser(req), req.query)),
    );
    app.get(
      `${prefix}/statistics/brand/visitors/daily`,
      { config, schema: { tags, querystring: visitorsDailyQuery, response: daily } },
      async (req) => ok(await statistics.brandVisitorsDaily(db, currentUser(req), req.query)),
    );
    app.get(
      `${prefix}/statistics/instance/launch/daily`,
      { config, schema: { tags, querystring: launchDailyQuery, response: { 200: envelopeOf(launchSeries) } } },
      async (req) => ok(await statistics.launchDaily(db, currentUser(req), req.query)),
    );
    app.get(
      `${prefix}/statistics/product/play`,
      { config: productConfig, schema: { tags, querystring: productStatisticsQuery, response: products } },
      async (req) => ok(await statistics.productSeries(db, currentUser(req), req.query, 'plays')),
    );
    app.get(
      `${prefix}/statistics/product/listening_time`,
      { config: productConfig, schema: { tags, querystring: productStatisticsQuery, response: products } },
      async (req) => ok(await statistics.productSeries(db, currentUser(req), req.query, 'listening_time')),
    );
    app.get(
      `${prefix}/statistics/products`,
      {
        config,
        schema: { tags, querystring: productStatisticsQuery, response: { 200: envelopeOf(productTotalsList) } },
      },
      async (req) => ok(await statistics.productTotals(db, currentUser(req), req.query)),
    );
  }
}
