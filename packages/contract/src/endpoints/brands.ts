import { API_BASE } from '../constants.ts';
import { ADMINS, ATK_ONLY, endpoint, removal } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { brand, brandCreate, brandQuery, brandUpdate } from '../schemas/brands.ts';
import { idParams } from '../schemas/common.ts';

const tag = 'brands';
const one = `${API_BASE}/admin/brands/:id`;

/** The brands (docs/api.md "A brand's state and scope"). */
export const brandEndpoints = {
  /** The profile's brand picker. */
  picker: endpoint({
    method: 'GET',
    path: `${API_BASE}/brands`,
    auth: 'user',
    query: brandQuery,
    data: listOf(brand),
    tag,
    summary: 'List the active brands',
    description:
      "The brands a signed-in user may pick (the profile's brand): only active ones that are not deleted, whatever the query asks. A pending brand's name is nobody else's business.",
  }),
  list: endpoint({
    method: 'GET',
    path: `${API_BASE}/admin/brands`,
    auth: [...ADMINS, ...ATK_ONLY],
    query: brandQuery,
    data: listOf(brand),
    tag,
    summary: 'List brands',
    description:
      'Brands, newest first, 20 a page, filtered by name (part of it, any case) and state; deleted ones only when `is_deleted=true` is asked. The atk operator (its brand pickers) sees only active brands that are not deleted.',
  }),
  create: endpoint({
    method: 'POST',
    path: `${API_BASE}/admin/brands`,
    auth: ADMINS,
    body: brandCreate,
    data: brand,
    tag,
    summary: 'Create a brand',
    description: `Creates a brand; the answer is the new brand, with msg '${MSG.createBrandSuccess}'. A name another live brand has (trimmed, any case) is refused with 409 '${MSG.brandNameTaken}'.`,
  }),
  read: endpoint({
    method: 'GET',
    path: one,
    auth: ADMINS,
    params: idParams,
    data: brand,
    tag,
    summary: 'Read a brand',
    description: 'One brand; a deleted one is a 404.',
  }),
  update: endpoint({
    method: 'PUT',
    path: one,
    auth: ADMINS,
    params: idParams,
    body: brandUpdate,
    data: brand,
    tag,
    summary: 'Change a brand',
    description: `Renames it or switches it between active and pending; the answer is the brand as saved, with msg '${MSG.updateBrandSuccess}'. A new name another live brand has (trimmed, any case) is refused with 409 '${MSG.brandNameTaken}'. Switching a pending brand to active confirms it: refused with 409 naming the other brand when a live brand has its name, else its pending users become active and are mailed once the answer is sent.`,
  }),
  remove: endpoint({
    ...removal(one),
    auth: ADMINS,
    tag,
    summary: 'Delete a brand',
    description: `Deletes it (kept, marked deleted: it is a 404 from then on and its name is free again); msg '${MSG.deleteSuccess}'.`,
  }),
};
