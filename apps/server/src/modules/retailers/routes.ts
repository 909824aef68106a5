import { envelopeOf, idParams, listOf, MSG, retailer, retailerBody, retailerQuery } from '@atk/contract';
import { z } from 'zod';
import { ATK_ONLY } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { deleteRoute } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as retailers from './service.ts';

const atk = { auth: ATK_ONLY };

/**
 * Under /api/v1: the Retailers screen of the mobile widget operator area (docs/api.md "Retailers and mobile settings").
 */
export function retailerRoutes(app: App, { db, storage }: Deps) {
  app.get(
    '/admin/retailers',
    {
      config: atk,
      schema: { tags: ['retailers'], querystring: retailerQuery, response: { 200: envelopeOf(listOf(retailer)) } },
    },
    async (req) => ok(await retailers.listRetailers(db, req.query)),
  );

  app.post(
    '/admin/retailers',
    {
      config: atk,
      // "Add" sends no fields: an empty object (or no body) only.
      schema: { tags: ['retailers'], body: z.object({}).strict().optional(), response: { 200: envelopeOf(retailer) } },
    },
    async () => ok(await retailers.createRetailer(db), MSG.createSuccess),
  );

  app.put(
    '/admin/retailers/:id',
    {
      config: atk,
      schema: { tags: ['retailers'], params: idParams, body: retailerBody, response: { 200: envelopeOf(retailer) } },
    },
    async (req) => ok(await retailers.updateRetailer(db, storage, req.params.id, req.body), MSG.saveRetailerSuccess),
  );

  deleteRoute(app, '/admin/retailers/:id', { auth: ATK_ONLY, tags: ['retailers'] }, (id) =>
    retailers.deleteRetailer(db, id),
  );
}
