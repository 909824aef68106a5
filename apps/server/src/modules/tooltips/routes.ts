import { envelopeOf, idParams, listOf, MSG, tooltip, tooltipCreate, tooltipQuery, tooltipUpdate } from '@atk/contract';
import { ADMINS } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { deleteRoute } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as tooltips from './service.ts';

const one = { 200: envelopeOf(tooltip) };
const config = { auth: ADMINS };
const tags = ['tooltips'];

/** Tooltips of the player's features (docs/api.md "The player's public API"): admins only. */
export function tooltipRoutes(app: App, { db }: Deps) {
  app.get(
    '/admin/tooltips',
    { config, schema: { tags, querystring: tooltipQuery, response: { 200: envelopeOf(listOf(tooltip)) } } },
    async (req) => ok(await tooltips.listTooltips(db, req.query)),
  );
  app.post('/admin/tooltips', { config, schema: { tags, body: tooltipCreate, response: one } }, async (req) =>
    ok(await tooltips.createTooltip(db, req.body), MSG.createTooltipSuccess),
  );
  app.get('/admin/tooltips/:id', { config, schema: { tags, params: idParams, response: one } }, async (req) =>
    ok(await tooltips.getTooltip(db, req.params.id)),
  );
  app.put(
    '/admin/tooltips/:id',
    { config, schema: { tags, params: idParams, body: tooltipUpdate, response: one } },
    async (req) => ok(await tooltips.updateTooltip(db, req.params.id, req.body), MSG.updateTooltipSuccess),
  );
  deleteRoute(app, '/admin/tooltips/:id', { auth: ADMINS, tags }, (id) => tooltips.deleteTooltip(db, id));
}
