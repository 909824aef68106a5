import { envelopeOf, id, listOf, MSG, plan, planCreate, planQuery, planUpdate } from '@atk/contract';
import { z } from 'zod';
import { ADMINS } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { App, Deps } from '../../http/types.ts';
import * as plans from './service.ts';

const params = z.object({ id });
const one = { 200: envelopeOf(plan) };
const config = { auth: ADMINS };
const tags = ['plans'];

/** Subscription plans (spec 2 §7 /admin/subscriptions): admins only. */
export function planRoutes(app: App, { db }: Deps) {
  app.get(
    '/admin/subscriptions',
    { config, schema: { tags, querystring: planQuery, response: { 200: envelopeOf(listOf(plan)) } } },
    async (req) => ok(await plans.listPlans(db, req.query)),
  );
  app.post('/admin/subscriptions', { config, schema: { tags, body: planCreate, response: one } }, async (req) =>
    ok(await plans.createPlan(db, req.body), MSG.createPlanSuccess),
  );
  app.get('/admin/subscriptions/:id', { config, schema: { tags, params, response: one } }, async (req) =>
    ok(await plans.getPlan(db, req.params.id)),
  );
  app.put(
    '/admin/subscriptions/:id',
    { config, schema: { tags, params, body: planUpdate, response: one } },
    async (req) => ok(await plans.updatePlan(db, req.params.id, req.body), MSG.updatePlanSuccess),
  );
  app.delete(
    '/admin/subscriptions/:id',
    { config, schema: { tags, params, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await plans.deletePlan(db, req.params.id);
      return ok(null, MSG.deleteSuccess);
    },
  );
}
