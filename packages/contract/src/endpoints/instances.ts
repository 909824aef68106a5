import { z } from 'zod';
import { ATK_ONLY, BRAND_USERS, removal, variants } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { idParams } from '../schemas/common.ts';
import {
  instance,
  instanceCopyBody,
  instanceCreateBody,
  instanceListItem,
  instanceQuery,
  instanceUpdate,
} from '../schemas/instances.ts';
import { mobileInstance } from '../schemas/mobile.ts';

const tag = 'instances';
const SCOPE = `A customer's are its master brand's; admins reach any brand's. Another brand's, a deleted or an unknown instance is a 404 '${MSG.instanceNotFound}'.`;

/** Player instances on both paths (docs/api.md "Instances and subscriptions"). */
export const instanceEndpoints = {
  list: variants({
    method: 'GET',
    path: '/instances',
    query: instanceQuery,
    data: listOf(instanceListItem),
    tag,
    summary: 'List instances',
    description:
      "Newest change first, 20 a page. A customer lists its master brand's; admins every brand's, or one with brand_id. Filtered by name (anywhere, any case, `%` and `_` literally) and is_published; deleted instances are never listed.",
  }),
  create: variants({
    method: 'POST',
    path: '/instances',
    body: instanceCreateBody,
    data: instance,
    tag,
    summary: 'Create an instance',
    description: `Makes a pending instance (unless is_published: 1) with the default features, images and buttons; with a category, the brand's published products of it (and of the sub category) are listed, the first Products in Player of them active; sources are derived at once. A customer's is its master brand's; admins must send general.brand_id. msg '${MSG.createInstanceSuccess}'.`,
  }),
  copy: variants(
    {
      method: 'POST',
      path: '/instances/copy',
      body: instanceCopyBody,
      data: z.union([instance, mobileInstance]),
      tag,
      summary: 'Copy an instance',
      description: `Copies every part into a pending instance of the same brand named '<name> (copy)'; msg '${MSG.createInstanceSuccess}'. On the plain path the atk operator copies a mobile instance (answered as one) and the others a desktop one: an id of the other kind is a 404.`,
    },
    { users: [...BRAND_USERS, ...ATK_ONLY] },
  ),
  read: variants({
    method: 'GET',
    path: '/instances/:id',
    params: idParams,
    data: instance,
    tag,
    summary: 'Read an instance',
    description: `The whole instance, general.brand_name from its brand. ${SCOPE}`,
  }),
  update: variants({
    method: 'PUT',
    path: '/instances/:id',
    params: idParams,
    body: instanceUpdate,
    data: instance,
    tag,
    summary: 'Save a part of an instance',
    description: `Saves exactly one part (general, features, products with other_products, sources, my_sources, images, buttons; docs/api.md "Instances and subscriptions" has each part's rules) in one transaction with the instance locked; saving products derives the sources again. A part beyond the brand's subscription is refused with 402 'permission error - …'. msg '${MSG.updateSuccess}'; the answer is the whole instance.`,
  }),
  remove: variants({
    ...removal('/instances/:id'),
    tag,
    summary: 'Delete an instance',
    description: `Deletes it (kept, marked deleted: the player answers 404 for it); msg '${MSG.deleteSuccess}'. ${SCOPE}`,
  }),
  syncSongs: variants({
    method: 'POST',
    path: '/instances/:id/sync_songs',
    params: idParams,
    data: instance,
    tag,
    summary: "Sync an instance's songs",
    description: `Derives sources (the active products' songs) and my_sources (the brand's own songs) again, keeping what was chosen: new songs and sources are appended, vanished ones dropped. msg '${MSG.synchronizeSuccess}'; the answer is the instance.`,
  }),
};
