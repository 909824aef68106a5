import { brand, brandCreate, brandQuery, brandUpdate, envelopeOf, idParams, listOf, MSG } from '@atk/contract';
import { ADMINS, ATK_ONLY, currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { deleteRoute } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as brands from './service.ts';

const brandList = envelopeOf(listOf(brand));
const admins = { auth: ADMINS };

export function brandRoutes(app: App, { db }: Deps) {
  // Any signed-in user: the profile's brand picker (spec 1 §7). Only active brands: a pending sign-up's
  // brand name is nobody else's business.
  app.get(
    '/brands',
    { schema: { tags: ['brands'], querystring: brandQuery, response: { 200: brandList } } },
    async (req) => ok(await brands.listBrands(db, { ...req.query, is_deleted: false, is_published: true })),
  );

  // Also the atk operator's brand picker (statistics, mobile screens), read only, without deleted brands and
  // without brands not confirmed yet (docs/api.md "A brand's state and scope"); every other brand route stays
  // admins' only.
  app.get(
    '/admin/brands',
    {
      config: { auth: [...ADMINS, ...ATK_ONLY] },
      schema: { tags: ['brands'], querystring: brandQuery, response: { 200: brandList } },
    },
    async (req) => {
      const atk = currentUser(req).role === 'atk';
      return ok(await brands.listBrands(db, atk ? { ...req.query, is_deleted: false, is_published: true } : req.query));
    },
  );

  app.post(
    '/admin/brands',
    { config: admins, schema: { tags: ['brands'], body: brandCreate, response: { 200: envelopeOf(brand) } } },
    async (req) => ok(await brands.createBrand(db, req.body), MSG.createBrandSuccess),
  );

  app.get(
    '/admin/brands/:id',
    { config: admins, schema: { tags: ['brands'], params: idParams, response: { 200: envelopeOf(brand) } } },
    async (req) => ok(await brands.getBrand(db, req.params.id)),
  );

  app.put(
    '/admin/brands/:id',
    {
      config: admins,
      schema: { tags: ['brands'], params: idParams, body: brandUpdate, response: { 200: envelopeOf(brand) } },
    },
    async (req) => ok(await brands.updateBrand(db, req.params.id, req.body), MSG.updateBrandSuccess),
  );

  deleteRoute(app, '/admin/brands/:id', { auth: ADMINS, tags: ['brands'] }, (id) => brands.deleteBrand(db, id));
}
