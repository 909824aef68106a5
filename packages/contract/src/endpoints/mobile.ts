import { API_ATK_BASE, API_V1 } from '../constants.ts';
import { ATK_ONLY, endpoint } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { idParams } from '../schemas/common.ts';
import {
  mobileInstance,
  mobileInstanceCreate,
  mobileInstanceListItem,
  mobileInstanceQuery,
  mobileInstanceUpdate,
} from '../schemas/mobile.ts';
import {
  mobileProductsAnswer,
  mobileProductsBody,
  mobileProductsQuery,
  mobileSyncAnswer,
  mobileSyncBody,
} from '../schemas/mobile-products.ts';

const tag = 'mobile instances';
/** The operator's list, read and part saves. */
const atk = `${API_ATK_BASE}/mobile/instances`;
/** Creation, the Products tab and Sync Products. */
const admin = `${API_V1}/admin/mobile_instances`;
const NOT_FOUND = `An unknown or deleted instance is a 404 '${MSG.instanceNotFound}'.`;

/** Mobile instances, the atk operator's only (docs/api.md "Mobile instances"). */
export const mobileEndpoints = {
  list: endpoint({
    method: 'GET',
    path: atk,
    auth: ATK_ONLY,
    query: mobileInstanceQuery,
    data: listOf(mobileInstanceListItem),
    tag,
    summary: 'List mobile instances',
    description:
      'Newest change first, 20 a page, filtered by name (anywhere, any case, `%` and `_` literally), is_published and is_deleted.',
  }),
  read: endpoint({
    method: 'GET',
    path: `${atk}/:id`,
    auth: ATK_ONLY,
    params: idParams,
    data: mobileInstance,
    tag,
    summary: 'Read a mobile instance',
    description: `Its general part, its named songs and sources, its images and how many products it lists (its products are read a page at a time). ${NOT_FOUND}`,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${atk}/:id`,
    auth: ATK_ONLY,
    params: idParams,
    body: mobileInstanceUpdate,
    data: mobileInstance,
    tag,
    summary: 'Save a part of a mobile instance',
    description: `Saves exactly one of general, sources (switch and reorder only the songs and sources it holds) or images, in one transaction with the instance locked. msg '${MSG.updateSuccess}'; the answer is the instance.`,
  }),
  create: endpoint({
    method: 'POST',
    path: admin,
    auth: ATK_ONLY,
    body: mobileInstanceCreate,
    data: mobileInstance,
    tag,
    summary: 'Create a mobile instance',
    description: `Makes a pending instance (unless is_published: 1) with the default images, listing every published product of every published brand, all inactive and not featured. msg '${MSG.createInstanceSuccess}'.`,
  }),
  products: endpoint({
    method: 'GET',
    path: `${admin}/products`,
    auth: ATK_ONLY,
    query: mobileProductsQuery,
    data: mobileProductsAnswer,
    tag,
    summary: "A page of a mobile instance's products",
    description: `The Products tab: the instance's product rows with their brand, name, model and default price, filtered and sorted (name, featured_order or player_position: rows with a value first). An unknown instance is a 404.`,
  }),
  sync: endpoint({
    method: 'PUT',
    path: `${admin}/sync_products`,
    auth: ATK_ONLY,
    body: mobileSyncBody,
    data: mobileSyncAnswer,
    tag,
    summary: "Sync a mobile instance's products",
    description: `Drops the rows whose product or brand is deleted or unpublished and lists the published products not listed yet, inactive; every other row keeps its choices; the sources are derived again. msg '${MSG.synchronizeSuccess}: <n> product(s) added, <m> removed'.`,
  }),
  saveProducts: endpoint({
    method: 'PUT',
    path: `${admin}/:id`,
    auth: ATK_ONLY,
    params: idParams,
    body: mobileProductsBody,
    data: mobileInstance,
    tag,
    summary: "Save a mobile instance's products",
    description: `Each row sent replaces its stored row, the others stay; the list as it would be after the save must keep the rules (a featured product active, at most 3 featured, positions and priorities each once), else 400 and nothing is written; then the sources are derived again. msg '${MSG.updateSuccess}'; the answer is the instance.`,
  }),
};
