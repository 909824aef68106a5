import {
  envelopeOf,
  idParams,
  listOf,
  MSG,
  mobileInstance,
  mobileInstanceCreate,
  mobileInstanceListItem,
  mobileInstanceQuery,
  mobileInstanceUpdate,
  mobileProductsAnswer,
  mobileProductsBody,
  mobileProductsQuery,
  mobileSyncAnswer,
  mobileSyncBody,
  mobileSyncMsg,
  type Role,
} from '@atk/contract';
import { ok } from '../../http/envelope.ts';
import type { App, Deps } from '../../http/types.ts';
import * as mobile from './service.ts';

/** The mobile operator paths are the atk role's only (docs/api.md "Mobile instances"): admins and customers get 403. */
export const ATK_ONLY = ['atk'] as const satisfies readonly Role[];
const config = { auth: ATK_ONLY };
const tags = ['mobile instances'];
const one = { 200: envelopeOf(mobileInstance) };

/** Under API_ATK_BASE (/api/v1/atk): the operator's list, read and part saves of mobile instances. */
export function mobileAtkRoutes(app: App, { db }: Deps) {
  app.get(
    '/mobile/instances',
    {
      config,
      schema: { tags, querystring: mobileInstanceQuery, response: { 200: envelopeOf(listOf(mobileInstanceListItem)) } },
    },
    async (req) => ok(await mobile.listMobileInstances(db, req.query)),
  );
  app.get('/mobile/instances/:id', { config, schema: { tags, params: idParams, response: one } }, async (req) =>
    ok(await mobile.getMobileInstance(db, req.params.id)),
  );
  app.put(
    '/mobile/instances/:id',
    { config, schema: { tags, params: idParams, body: mobileInstanceUpdate, response: one } },
    async (req) => ok(await mobile.updateMobileInstance(db, req.params.id, req.body), MSG.updateSuccess),
  );
}

/** Under /api/v1: creation, the Products tab (its page, its save) and Sync Products. */
export function mobileAdminRoutes(app: App, { db }: Deps) {
  app.post(
    '/admin/mobile_instances',
    { config, schema: { tags, body: mobileInstanceCreate, response: one } },
    async (req) => ok(await mobile.createMobileInstance(db, req.body.general), MSG.createInstanceSuccess),
  );
  app.get(
    '/admin/mobile_instances/products',
    { config, schema: { tags, querystring: mobileProductsQuery, response: { 200: envelopeOf(mobileProductsAnswer) } } },
    async (req) => ok(await mobile.listMobileProducts(db, req.query)),
  );
  app.put(
    '/admin/mobile_instances/sync_products',
    { config, schema: { tags, body: mobileSyncBody, response: { 200: envelopeOf(mobileSyncAnswer) } } },
    async (req) => {
      const changes = await mobile.syncMobileProducts(db, req.body.instance_id);
      return ok(changes, mobileSyncMsg(changes));
    },
  );
  app.put(
    '/admin/mobile_instances/:id',
    { config, schema: { tags, params: idParams, body: mobileProductsBody, response: one } },
    async (req) => ok(await mobile.saveMobileProducts(db, req.params.id, req.body.products), MSG.updateSuccess),
  );
}
