import { envelopeOf, idParams, listOf, MSG, plan, planCreate, planQuery, planUpdate } from '@atk/contract';
import { ADMINS } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { deleteRoute } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as plans from './service.ts';

const one = { 200: envelopeOf(plan) };
const config = { auth: ADMINS };
const tags = ['plans'];

/** Subscription plans (/admin/subscriptions; docs/api.md "Customers and plans"): admins only. */
export function planRoutes(app: App, { db }: Deps) {
  app.get(
    '/admin/subscriptions',
    { config, schema: { tags, querystring: planQuery, response: { 200: envelopeOf(listOf(plan)) } } },
    async (req) => ok(await plans.listPlans(db, req.query)),
  );
  app.post('/admin/subscriptions', { config, schema: { tags, body: planCreate, response: one } }, async (req) =>
    ok(await plans.createPlan(db, req.body), MSG.createPlanSuccess),
  );
  app.get('/admin/subscriptions/:id', { config, schema: { tags, params: idParams, response: one } }, async (req) =>
    ok(await plans.getPlan(db, req.params.id)),
  );
  app.put(
    '/admin/subscriptions/:id',
    { config, schema: { tags, params: idParams, body: planUpdate, response: one } },
    async (req) => ok(await plans.updatePlan(db, req.params.id, req.body), MSG.updatePlanSuccess),
  );
  deleteRoute(app, '/admin/subscriptions/:id', { auth: ADMINS, tags }, (id) => plans.deletePlan(db, id));
}
