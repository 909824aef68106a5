import { brandEndpoints as api, MSG } from '@atk/contract';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { removeRoute, route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { seesOnlyActiveBrands } from '../access/roles.ts';
import * as brands from './service.ts';

export function brandRoutes(app: App, { db, mailer, config, background }: Deps) {
  route(app, api.picker, async (req) =>
    ok(await brands.listBrands(db, { ...req.query, is_deleted: false, is_published: true })),
  );

  route(app, api.list, async (req) => {
    const active = seesOnlyActiveBrands(currentUser(req));
    return ok(
      await brands.listBrands(db, active ? { ...req.query, is_deleted: false, is_published: true } : req.query),
    );
  });

  route(app, api.create, async (req) => ok(await brands.createBrand(db, req.body), MSG.createBrandSuccess));

  route(app, api.read, async (req) => ok(await brands.getBrand(db, req.params.id)));

  route(app, api.update, async (req, reply) => {
    const { brand, confirmed } = await brands.updateBrand(db, req.params.id, req.body);
    if (confirmed) {
      const mail = brands.confirmationMail(db, mailer, config.publicUrl, brand._id);
      background.afterReply(reply, 'brand confirmed mail', mail);
    }
    return ok(brand, MSG.updateBrandSuccess);
  });

  removeRoute(app, api.remove, (id) => brands.deleteBrand(db, id));
}
