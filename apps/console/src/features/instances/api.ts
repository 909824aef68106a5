/**
 * Player instances (docs/api.md "Instances and subscriptions"): the calls, the product pickers, and the query keys of
 * the feature.
 * Every key starts with `instanceKeys.all`, so invalidating it reloads every instance list and record at once.
 */
import {
  instanceEndpoints as api,
  type InstanceCreate,
  type InstanceListQuery,
  type InstanceUpdate,
  productEndpoints,
} from '@atk/contract';
import { call } from '../../api/client.ts';
import { pickersApi } from '../../api/pickers.ts';

export const instancesApi = {
  list: (admin: boolean, query: InstanceListQuery) =>
    call(api.list.of(admin), { query: { is_deleted: false, ...query } }),
  read: (admin: boolean, id: string) => call(api.read.of(admin), { params: { id } }),
  create: (admin: boolean, general: InstanceCreate) => call(api.create.of(admin), { body: { general } }),
  /** Saves one part (general, features, products with other_products, sources, my_sources, images, buttons). */
  update: (admin: boolean, id: string, update: InstanceUpdate) =>
    call(api.update.of(admin), { params: { id }, body: update }),
  copy: (admin: boolean, id: string) => call(api.copy.of(admin), { body: { id } }),
  remove: (admin: boolean, id: string) => call(api.remove.of(admin), { params: { id } }),
  syncSongs: (admin: boolean, id: string) => call(api.syncSongs.of(admin), { params: { id } }),
  /**
   * The product pickers (docs/api.md "Brand content"): my brand's products, or the other brands' published products
   * (all_brand=1; admins name the instance's brand so it is left out).
   */
  pickProducts: (
    admin: boolean,
    kind: 'mine' | 'others',
    query: { page_num: number; page_size: number; name?: string; brand_id: string },
  ) =>
    call(productEndpoints.products.of(admin), {
      query: {
        page_num: query.page_num,
        page_size: query.page_size,
        name: query.name?.trim() || undefined,
        is_deleted: false,
        ...(kind === 'others' ? { all_brand: true, brand_id: admin ? query.brand_id : undefined } : {}),
        ...(kind === 'mine' && admin ? { brand_id: query.brand_id } : {}),
      },
    }),
  /** The brand filter of the other-brands picker (up to 1000). */
  brands: pickersApi.brands,
};

export const instanceKeys = {
  all: ['instances'] as const,
  /** Every instance list (of either scope, any brand). */
  lists: () => [...instanceKeys.all, 'list'] as const,
  list: (admin: boolean, brandId: string | null) => [...instanceKeys.lists(), admin, brandId] as const,
  one: (admin: boolean, id: string) => [...instanceKeys.all, 'one', admin, id] as const,
  /** The integration page's list of my instances. */
  integration: () => [...instanceKeys.all, 'integration'] as const,
};
