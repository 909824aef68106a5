import { planEndpoints as api, MSG } from '@atk/contract';
import { ok } from '../../http/envelope.ts';
import { removeRoute, route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as plans from './service.ts';

/** Subscription plans (docs/api.md "Customers and plans"): admins only. */
export function planRoutes(app: App, { db }: Deps) {
  route(app, api.list, async (req) => ok(await plans.listPlans(db, req.query)));
  route(app, api.create, async (req) => ok(await plans.createPlan(db, req.body), MSG.createPlanSuccess));
  route(app, api.read, async (req) => ok(await plans.getPlan(db, req.params.id)));
  route(app, api.update, async (req) => ok(await plans.updatePlan(db, req.params.id, req.body), MSG.updatePlanSuccess));
  removeRoute(app, api.remove, (id) => plans.deletePlan(db, id));
}
