import { productEndpoints as api, MSG } from '@atk/contract';
import { currentUser } from '../../http/auth.ts';
import { ok, sendSerialized, serializeOk } from '../../http/envelope.ts';
import { route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { seesOnlyActiveBrands } from '../access/roles.ts';
import { listBrandProducts } from './atk-picker.ts';
import * as products from './service.ts';

export function productRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const listCaches = products.productListCaches();
  for (const v of ['own', 'admin'] as const) {
    // The list answers a page it serialized (and may have kept) itself: sent as it is.
    route(app, api.products[v], async (req, reply) =>
      sendSerialized(
        reply,
        await products.listProducts(db, listCaches, currentUser(req), req.query, (page) => serializeOk(reply, page)),
      ),
    );
    route(app, api.createProduct[v], async (req) =>
      ok(await products.createProduct(deps, currentUser(req), req.body.general), MSG.createProductSuccess),
    );
    route(app, api.product[v], async (req) => ok(await products.getProduct(deps, currentUser(req), req.params.id)));
    route(app, api.updateProduct[v], async (req) =>
      ok(
        await products.updateProduct(deps, currentUser(req), req.params.id, req.body),
        req.body.type === 'audio' ? MSG.uploadSuccess : MSG.updateSuccess,
      ),
    );
  }
  route(app, api.importProducts, async (req) => ok(await products.importProducts(db, req.body), MSG.importSuccess));
  // The atk operator's product picker (under /api/v1/atk): see atk-picker.ts.
  route(app, api.atkProducts, async (req) =>
    ok(await listBrandProducts(db, req.query, seesOnlyActiveBrands(currentUser(req)))),
  );
}
