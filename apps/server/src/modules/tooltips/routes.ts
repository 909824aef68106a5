import { tooltipEndpoints as api, MSG } from '@atk/contract';
import { ok } from '../../http/envelope.ts';
import { removeRoute, route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as tooltips from './service.ts';

/** Tooltips of the player's features (docs/api.md "The player's public API"): admins only. */
export function tooltipRoutes(app: App, { db }: Deps) {
  route(app, api.list, async (req) => ok(await tooltips.listTooltips(db, req.query)));
  route(app, api.create, async (req) => ok(await tooltips.createTooltip(db, req.body), MSG.createTooltipSuccess));
  route(app, api.read, async (req) => ok(await tooltips.getTooltip(db, req.params.id)));
  route(app, api.update, async (req) =>
    ok(await tooltips.updateTooltip(db, req.params.id, req.body), MSG.updateTooltipSuccess),
  );
  removeRoute(app, api.remove, (id) => tooltips.deleteTooltip(db, id));
}
