import { API_BASE } from '../constants.ts';
import { ADMINS, endpoint, removal } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { idParams } from '../schemas/common.ts';
import { tooltip, tooltipCreate, tooltipQuery, tooltipUpdate } from '../schemas/tooltips.ts';

const tag = 'tooltips';
const all = `${API_BASE}/admin/tooltips`;
const one = `${all}/:id`;

/** The tooltips of the player's features (docs/api.md "The player's public API"). */
export const tooltipEndpoints = {
  list: endpoint({
    method: 'GET',
    path: all,
    auth: ADMINS,
    query: tooltipQuery,
    data: listOf(tooltip),
    tag,
    summary: 'List tooltips',
    description:
      'Tooltips by feature code, then oldest first (the order the player shows them in), 20 a page, filtered by content (part of it, any case, `%` and `_` literally) and feature; deleted ones only when `is_deleted=true` is asked.',
  }),
  create: endpoint({
    method: 'POST',
    path: all,
    auth: ADMINS,
    body: tooltipCreate,
    data: tooltip,
    tag,
    summary: 'Create a tooltip',
    description: `Adds a tooltip to a player feature; the player shows every tooltip not deleted. The answer is the new tooltip, with msg '${MSG.createTooltipSuccess}'.`,
  }),
  read: endpoint({
    method: 'GET',
    path: one,
    auth: ADMINS,
    params: idParams,
    data: tooltip,
    tag,
    summary: 'Read a tooltip',
    description: `One tooltip; an unknown or deleted one is 404 '${MSG.tooltipNotFound}'.`,
  }),
  update: endpoint({
    method: 'PUT',
    path: one,
    auth: ADMINS,
    params: idParams,
    body: tooltipUpdate,
    data: tooltip,
    tag,
    summary: 'Change a tooltip',
    description: `Changes its feature or content; fields left out stay. The answer is the tooltip as saved, with msg '${MSG.updateTooltipSuccess}'; an unknown or deleted one is 404 '${MSG.tooltipNotFound}'.`,
  }),
  remove: endpoint({
    ...removal(one),
    auth: ADMINS,
    tag,
    summary: 'Delete a tooltip',
    description: `Deletes it (kept, marked deleted: the player no longer shows it and it is a 404 from then on); msg '${MSG.deleteSuccess}'.`,
  }),
};
