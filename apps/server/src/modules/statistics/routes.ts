import { statisticsEndpoints as api, MSG } from '@atk/contract';
import { currentUser } from '../../http/auth.ts';
import { ok, sendSerialized, serializeOk } from '../../http/envelope.ts';
import { route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { notFound } from '../../platform/errors.ts';
import { eraseVisitor } from './erase.ts';
import { brandActivity, launchDaily } from './launches.ts';
import { preferencesAnswer } from './preferences.ts';
import { productSeries, productTotals } from './product-statistics.ts';
import { brandVisitorsDaily, listBrandVisitors, listVisitors, platformVisitorsDaily } from './visitors.ts';

/**
 * The statistics API (docs/api.md "Statistics"). The platform-wide reads are operators' only; the brand reads exist
 * twice like brand content: `/admin/…` naming a `brand_id`, and the bare path for a customer's own brand. The atk
 * operator reads product statistics of any brand.
 */
export function statisticsRoutes(app: App, { db }: Deps) {
  route(app, api.visitors, async (req) => ok(await listVisitors(db, req.query)));
  // An operator erasing a visitor id on request (the player's "Forget me" for a visitor who cannot use it): unlike the
  // player's, the answer says when there was nothing to erase.
  route(app, api.eraseVisitor, async (req) => {
    if ((await eraseVisitor(db, req.params.id)) === 0) throw notFound(MSG.visitorNotFound);
    return ok(null, MSG.visitorErased);
  });
  route(app, api.visitorsDaily, async (req) => ok(await platformVisitorsDaily(db, req.query)));
  route(app, api.brandActivity, async (req) => ok(await brandActivity(db, req.query)));

  for (const v of ['own', 'admin'] as const) {
    route(app, api.brandVisitors[v], async (req) => ok(await listBrandVisitors(db, currentUser(req), req.query)));
    route(app, api.brandVisitorsDaily[v], async (req) => ok(await brandVisitorsDaily(db, currentUser(req), req.query)));
    route(app, api.launchDaily[v], async (req) => ok(await launchDaily(db, currentUser(req), req.query)));
    route(app, api.productPlays[v], async (req) => ok(await productSeries(db, currentUser(req), req.query, 'plays')));
    route(app, api.productListening[v], async (req) =>
      ok(await productSeries(db, currentUser(req), req.query, 'listening_time')),
    );
    route(app, api.productTotals[v], async (req) => ok(await productTotals(db, currentUser(req), req.query)));
    // Verdicts are answered as serialized (and maybe kept) by preferencesAnswer: sent as they are.
    route(app, api.preferences[v], async (req, reply) =>
      sendSerialized(
        reply,
        await preferencesAnswer(db, currentUser(req), req.query, (data) => serializeOk(reply, data)),
      ),
    );
  }
}
