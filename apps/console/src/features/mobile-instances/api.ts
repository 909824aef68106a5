/**
 * Mobile instances (spec 3 §7 "Mobile operator", paths from /api/v1): the list and record under /atk/mobile, the
 * create, products and Sync Products under /admin/mobile_instances, and the feature's query keys. Every key starts
 * with `mobileInstanceKeys.all`, so one invalidation reloads the lists, the record and its products.
 */
import type {
  ListData,
  MobileGeneral,
  MobileInstance,
  MobileInstanceListItem,
  MobileInstanceUpdate,
  MobileProduct,
  MobileProductSort,
  MobileProductsAnswer,
} from '@atk/contract';
import { get, post, put } from '../../api/client.ts';
import { enc } from '../../api/scope.ts';

/** The mobile operator's paths are under /api/v1 (not the player API's base). */
export const V1 = { base: '/api/v1' } as const;

export interface MobileProductsQuery {
  instance_id: string;
  page_num: number;
  page_size: number;
  name?: string;
  is_active?: boolean;
  is_featured?: boolean;
  sort: MobileProductSort;
}

export const mobileInstancesApi = {
  list: (query: { page_num: number; page_size: number; name?: string }) =>
    get<ListData<MobileInstanceListItem>>('/atk/mobile/instances', { ...V1, query: { is_deleted: false, ...query } }),
  read: (id: string) => get<MobileInstance>(`/atk/mobile/instances/${enc(id)}`, V1),
  /** Saves one part: general, sources or images. */
  update: (id: string, update: MobileInstanceUpdate) =>
    put<MobileInstance>(`/atk/mobile/instances/${enc(id)}`, update, V1),
  create: (general: MobileGeneral) => post<MobileInstance>('/admin/mobile_instances', { general }, V1),
  /** One page of the instance's products, filtered and sorted (the Products tab). */
  products: (query: MobileProductsQuery) =>
    get<MobileProductsAnswer>('/admin/mobile_instances/products', { ...V1, query: { ...query } }),
  /** The rows given replace theirs; the others stay as stored. */
  saveProducts: (id: string, products: MobileProduct[]) =>
    put<unknown>(`/admin/mobile_instances/${enc(id)}`, { type: 'products', products }, V1),
  /** Lists every published product of every brand (new ones added, removed ones dropped); the msg says what. */
  syncProducts: (id: string) => put<unknown>('/admin/mobile_instances/sync_products', { instance_id: id }, V1),
};

export const mobileInstanceKeys = {
  all: ['mobile-instances'] as const,
  lists: () => [...mobileInstanceKeys.all, 'list'] as const,
  one: (id: string) => [...mobileInstanceKeys.all, 'one', id] as const,
  products: (id: string) => [...mobileInstanceKeys.all, 'products', id] as const,
  /** The landing select's search (up to 20 by name). */
  search: (name: string) => [...mobileInstanceKeys.all, 'search', name] as const,
};
