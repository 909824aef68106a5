import { API_V1 } from '../constants.ts';
import { ATK_ONLY, endpoint, removal } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { idParams } from '../schemas/common.ts';
import { retailer, retailerBody, retailerCreate, retailerQuery } from '../schemas/retailers.ts';

const tag = 'retailers';
const all = `${API_V1}/admin/retailers`;
const one = `${all}/:id`;

/** The retailers of the mobile widget's DEALS (docs/api.md "Retailers and mobile settings"). */
export const retailerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: all,
    auth: ATK_ONLY,
    query: retailerQuery,
    data: listOf(retailer),
    tag,
    summary: 'List retailers',
    description:
      'Retailers, the most recently changed first, 20 a page, filtered by name (part of it, any case, `%` and `_` literally) and status; deleted ones are never listed.',
  }),
  create: endpoint({
    method: 'POST',
    path: all,
    auth: ATK_ONLY,
    body: retailerCreate,
    data: retailer,
    tag,
    summary: 'Add a retailer',
    description: `Makes an empty retailer at once (name '', Inactive, no logo, no website), which the console then edits in place; a body with any field is refused (400). The answer is the new retailer, with msg '${MSG.createSuccess}'.`,
  }),
  save: endpoint({
    method: 'PUT',
    path: one,
    auth: ATK_ONLY,
    params: idParams,
    body: retailerBody,
    data: retailer,
    tag,
    summary: 'Save a retailer',
    description: `Saves its name and status, and its logo and website when given (null clears one, left out keeps it). A new or changed logo must be one of this retailer's uploaded keys at the storage's own URL, an image by its bytes, within 2 MB, else 400 (a refused file is removed). The answer is the retailer as saved, with msg '${MSG.saveRetailerSuccess}'; an unknown or deleted one is 404 'Retailer not found'.`,
  }),
  remove: endpoint({
    ...removal(one),
    auth: ATK_ONLY,
    tag,
    summary: 'Delete a retailer',
    description: `Deletes it (kept, marked deleted: DEALS no longer offers it and every path answers 404 for it); msg '${MSG.deleteSuccess}'.`,
  }),
};
