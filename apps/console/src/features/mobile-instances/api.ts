/**
 * Mobile instances (docs/api.md "Mobile instances"): the list and record under /api/v1/atk/mobile, the create,
 * products and Sync Products under /api/v1/admin/mobile_instances, and the feature's query keys. Every key starts
 * with `mobileInstanceKeys.all`, so one invalidation reloads the lists, the record and its products.
 */
import {
  mobileEndpoints as api,
  type MobileGeneral,
  type MobileInstanceUpdate,
  type MobileProduct,
  type MobileProductsQuery,
} from '@atk/contract';
import { call } from '../../api/client.ts';

export const mobileInstancesApi = {
  list: (query: { page_num: number; page_size: number; name?: string }) =>
    call(api.list, { query: { is_deleted: false, ...query } }),
  read: (id: string) => call(api.read, { params: { id } }),
  /** Saves one part: general, sources or images. */
  update: (id: string, update: MobileInstanceUpdate) => call(api.update, { params: { id }, body: update }),
  create: (general: MobileGeneral) => call(api.create, { body: { general } }),
  /** One page of the instance's products, filtered and sorted (the Products tab). */
  products: (query: MobileProductsQuery) => call(api.products, { query }),
  /** The rows given replace theirs; the others stay as stored. */
  saveProducts: (id: string, products: MobileProduct[]) =>
    call(api.saveProducts, { params: { id }, body: { type: 'products', products } }),
  /** Lists every published product of every brand (new ones added, removed ones dropped); the msg says what. */
  syncProducts: (id: string) => call(api.sync, { body: { instance_id: id } }),
};

export const mobileInstanceKeys = {
  all: ['mobile-instances'] as const,
  lists: () => [...mobileInstanceKeys.all, 'list'] as const,
  one: (id: string) => [...mobileInstanceKeys.all, 'one', id] as const,
  products: (id: string) => [...mobileInstanceKeys.all, 'products', id] as const,
  /** The landing select's search (up to 20 by name). */
  search: (name: string) => [...mobileInstanceKeys.all, 'search', name] as const,
};
