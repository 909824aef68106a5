import { mobileEndpoints as api, MSG, mobileSyncMsg } from '@atk/contract';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { listMobileProducts } from './product-list.ts';
import * as mobile from './service.ts';

/**
 * Mobile instances, the atk role's only (docs/api.md "Mobile instances"): the list, read and part saves under
 * /api/v1/atk/mobile/instances; creation, the Products tab and Sync Products under /api/v1/admin/mobile_instances.
 */
export function mobileRoutes(app: App, { db }: Deps) {
  route(app, api.list, async (req) => ok(await mobile.listMobileInstances(db, req.query)));
  route(app, api.read, async (req) => ok(await mobile.getMobileInstance(db, req.params.id)));
  route(app, api.update, async (req) =>
    ok(await mobile.updateMobileInstance(db, req.params.id, req.body), MSG.updateSuccess),
  );
  route(app, api.create, async (req) =>
    ok(await mobile.createMobileInstance(db, req.body.general), MSG.createInstanceSuccess),
  );
  route(app, api.products, async (req) => ok(await listMobileProducts(db, req.query)));
  route(app, api.sync, async (req) => {
    const changes = await mobile.syncMobileProducts(db, req.body.instance_id);
    return ok(changes, mobileSyncMsg(changes));
  });
  route(app, api.saveProducts, async (req) =>
    ok(await mobile.saveMobileProducts(db, req.params.id, req.body.products), MSG.updateSuccess),
  );
}
