import { retailerEndpoints as api, MSG } from '@atk/contract';
import { ok } from '../../http/envelope.ts';
import { removeRoute, route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as retailers from './service.ts';

/** The Retailers screen of the mobile widget operator area (docs/api.md "Retailers and mobile settings"). */
export function retailerRoutes(app: App, { db, storage }: Deps) {
  route(app, api.list, async (req) => ok(await retailers.listRetailers(db, req.query)));
  route(app, api.create, async () => ok(await retailers.createRetailer(db), MSG.createSuccess));
  route(app, api.save, async (req) =>
    ok(await retailers.updateRetailer(db, storage, req.params.id, req.body), MSG.saveRetailerSuccess),
  );
  removeRoute(app, api.remove, (id) => retailers.deleteRetailer(db, id));
}
