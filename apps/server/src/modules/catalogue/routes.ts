import { catalogueEndpoints as api, MSG } from '@atk/contract';
import { ok } from '../../http/envelope.ts';
import { removeRoute, route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as catalogue from './service.ts';

export function catalogueRoutes(app: App, { db }: Deps) {
  // Pickers: any brand user reads categories, sub categories and currencies; admins manage the first two.
  for (const variant of ['own', 'admin'] as const) {
    route(app, api.categories[variant], async (req) => ok(await catalogue.listCategories(db, req.query)));
    route(app, api.subCategories[variant], async (req) => ok(await catalogue.listSubCategories(db, req.query)));
    route(app, api.currencies[variant], async (req) => ok(await catalogue.listCurrencies(db, req.query)));
  }

  route(app, api.createCategory, async (req) =>
    ok(await catalogue.createCategory(db, req.body), MSG.createCategorySuccess),
  );
  route(app, api.category, async (req) => ok(await catalogue.getCategory(db, req.params.id)));
  route(app, api.updateCategory, async (req) =>
    ok(await catalogue.updateCategory(db, req.params.id, req.body), MSG.updateCategorySuccess),
  );
  removeRoute(app, api.removeCategory, (id) => catalogue.deleteCategory(db, id));

  route(app, api.createSubCategory, async (req) =>
    ok(await catalogue.createSubCategory(db, req.body), MSG.createSubCategorySuccess),
  );
  route(app, api.subCategory, async (req) => ok(await catalogue.getSubCategory(db, req.params.id)));
  route(app, api.updateSubCategory, async (req) =>
    ok(await catalogue.updateSubCategory(db, req.params.id, req.body), MSG.updateSubCategorySuccess),
  );
  removeRoute(app, api.removeSubCategory, (id) => catalogue.deleteSubCategory(db, id));
}
