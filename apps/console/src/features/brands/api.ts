/**
 * Brands (spec 2 §7 Catalogue, spec 1 §7): the calls and the query keys of the feature. Every key starts with
 * `brandKeys.all`, so a save invalidates every brand list, picker and record at once.
 */
import type { Brand, BrandCreate, BrandQuery, BrandUpdate, ListData } from '@atk/contract';
import { del, get, post, put } from '../../api/client.ts';
import { PICKER_QUERY } from '../../api/pickers.ts';

const enc = encodeURIComponent;

export const brandsApi = {
  list: (query: Omit<BrandQuery, 'is_deleted'>) =>
    get<ListData<Brand>>('/admin/brands', { query: { ...query, is_deleted: false } }),
  read: (id: string) => get<Brand>(`/admin/brands/${enc(id)}`),
  create: (fields: BrandCreate) => post<Brand>('/admin/brands', fields),
  update: (id: string, fields: BrandUpdate) => put<Brand>(`/admin/brands/${enc(id)}`, fields),
  remove: (id: string) => del<null>(`/admin/brands/${enc(id)}`),
  /** Operators' brand pickers: every brand, active or pending (page 1, size 1000, spec 2 §9). */
  adminPicker: () => get<ListData<Brand>>('/admin/brands', { query: PICKER_QUERY }),
  /** Anyone signed in: the active brands (the profile's picker, spec 1 §7). */
  picker: () =>
    get<ListData<Brand>>('/brands', { query: { page_num: PICKER_QUERY.page_num, page_size: PICKER_QUERY.page_size } }),
};

export const brandKeys = {
  all: ['brands'] as const,
  list: () => [...brandKeys.all, 'list'] as const,
  one: (id: string) => [...brandKeys.all, 'one', id] as const,
  adminPicker: () => [...brandKeys.all, 'admin-picker'] as const,
  picker: () => [...brandKeys.all, 'picker'] as const,
};
