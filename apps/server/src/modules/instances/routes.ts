import { instanceEndpoints as api, MSG } from '@atk/contract';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { removeRoute, route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { worksOnMobileInstances } from '../access/roles.ts';
import { copyMobileInstance } from '../mobile/service.ts';
import * as instances from './service.ts';

/**
 * Player instances (docs/api.md "Instances and subscriptions"): `/instances…` for customers and admins,
 * `/admin/instances…` for admins.
 */
export function instanceRoutes(app: App, { db }: Deps) {
  for (const v of ['own', 'admin'] as const) {
    route(app, api.list[v], async (req) => ok(await instances.listInstances(db, currentUser(req), req.query)));
    route(app, api.create[v], async (req) =>
      ok(await instances.createInstance(db, currentUser(req), req.body.general), MSG.createInstanceSuccess),
    );
    // The atk operator's Duplicate (POST /atk_player/instances/copy; docs/api.md "Mobile instances") copies a mobile
    // instance; every other user's copy is the desktop one. The atk role has no desktop instances, nor customers
    // and admins mobile ones: either way another kind's id is a 404.
    route(app, api.copy[v], async (req) => {
      const user = currentUser(req);
      const copy = worksOnMobileInstances(user)
        ? await copyMobileInstance(db, req.body.id)
        : await instances.copyInstance(db, user, req.body.id);
      return ok(copy, MSG.createInstanceSuccess);
    });
    route(app, api.read[v], async (req) => ok(await instances.getInstance(db, currentUser(req), req.params.id)));
    route(app, api.update[v], async (req) =>
      ok(await instances.updateInstance(db, currentUser(req), req.params.id, req.body), MSG.updateSuccess),
    );
    removeRoute(app, api.remove[v], (id, req) => instances.deleteInstance(db, currentUser(req), id));
    route(app, api.syncSongs[v], async (req) =>
      ok(await instances.syncSongs(db, currentUser(req), req.params.id), MSG.synchronizeSuccess),
    );
  }
}
