import {
  envelopeOf,
  idParams,
  instance,
  instanceCopyBody,
  instanceCreateBody,
  instanceListItem,
  instanceQuery,
  instanceUpdate,
  listOf,
  MSG,
  mobileInstance,
  type Role,
} from '@atk/contract';
import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { deleteRoute, VARIANTS } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { copyMobileInstance } from '../mobile/service.ts';
import * as instances from './service.ts';

const one = { 200: envelopeOf(instance) };

/**
 * Player instances (docs/api.md "Instances and subscriptions"): `/instances…` for customers and admins,
 * `/admin/instances…` for admins.
 */
export function instanceRoutes(app: App, { db }: Deps) {
  for (const { prefix, auth } of VARIANTS) {
    const config = { auth };
    const tags = ['instances'];
    app.get(
      `${prefix}/instances`,
      { config, schema: { tags, querystring: instanceQuery, response: { 200: envelopeOf(listOf(instanceListItem)) } } },
      async (req) => ok(await instances.listInstances(db, currentUser(req), req.query)),
    );
    app.post(
      `${prefix}/instances`,
      { config, schema: { tags, body: instanceCreateBody, response: one } },
      async (req) =>
        ok(await instances.createInstance(db, currentUser(req), req.body.general), MSG.createInstanceSuccess),
    );
    // The atk operator's Duplicate (POST /atk_player/instances/copy; docs/api.md "Mobile instances") copies a mobile
    // instance; every other user's copy is the desktop one. The atk role has no desktop instances, nor customers
    // and admins mobile ones: either way another kind's id is a 404.
    app.post(
      `${prefix}/instances/copy`,
      {
        config: { auth: prefix ? auth : ([...auth, 'atk'] satisfies Role[]) },
        schema: { tags, body: instanceCopyBody, response: { 200: envelopeOf(z.union([instance, mobileInstance])) } },
      },
      async (req) => {
        const user = currentUser(req);
        const copy =
          user.role === 'atk'
            ? await copyMobileInstance(db, req.body.id)
            : await instances.copyInstance(db, user, req.body.id);
        return ok(copy, MSG.createInstanceSuccess);
      },
    );
    app.get(`${prefix}/instances/:id`, { config, schema: { tags, params: idParams, response: one } }, async (req) =>
      ok(await instances.getInstance(db, currentUser(req), req.params.id)),
    );
    app.put(
      `${prefix}/instances/:id`,
      { config, schema: { tags, params: idParams, body: instanceUpdate, response: one } },
      async (req) =>
        ok(await instances.updateInstance(db, currentUser(req), req.params.id, req.body), MSG.updateSuccess),
    );
    deleteRoute(app, `${prefix}/instances/:id`, { auth, tags }, (id, req) =>
      instances.deleteInstance(db, currentUser(req), id),
    );
    app.post(
      `${prefix}/instances/:id/sync_songs`,
      { config, schema: { tags, params: idParams, response: one } },
      async (req) => ok(await instances.syncSongs(db, currentUser(req), req.params.id), MSG.synchronizeSuccess),
    );
  }
}
