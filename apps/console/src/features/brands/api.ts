/**
 * Brands (spec 2 §7 Catalogue, spec 1 §7): the calls and the query keys of the feature. Every key starts with
 * `brandKeys.all`, so a save invalidates every brand list, picker and record at once.
 */
import type { Brand, ListData } from '@atk/contract';
import { PICKER_PAGE_SIZE } from '@atk/contract';
import { del, get, post, put } from '../../api/client.ts';

export interface BrandQuery {
  page_num: number;
  page_size: number;
  name?: string;
  is_published?: boolean;
}

export interface BrandFields {
  name: string;
  is_published: 0 | 1;
}

const enc = encodeURIComponent;
const PICKER = { page_num: 1, page_size: PICKER_PAGE_SIZE, is_deleted: false } as const;

export const brandsApi = {
  list: (query: BrandQuery) => get<ListData<Brand>>('/admin/brands', { query: { ...query, is_deleted: false } }),
  read: (id: string) => get<Brand>(`/admin/brands/${enc(id)}`),
  create: (fields: BrandFields) => post<Brand>('/admin/brands', fields),
  update: (id: string, fields: Partial<BrandFields>) => put<Brand>(`/admin/brands/${enc(id)}`, fields),
  remove: (id: string) => del<null>(`/admin/brands/${enc(id)}`),
  /** Operators' brand pickers: every brand, active or pending (page 1, size 1000, spec 2 §9). */
  adminPicker: () => get<ListData<Brand>>('/admin/brands', { query: PICKER }),
  /** Anyone signed in: the active brands (the profile's picker, spec 1 §7). */
  picker: () => get<ListData<Brand>>('/brands', { query: { page_num: 1, page_size: PICKER_PAGE_SIZE } }),
};

export const brandKeys = {
  all: ['brands'] as const,
  list: () => [...brandKeys.all, 'list'] as const,
  one: (id: string) => [...brandKeys.all, 'one', id] as const,
  adminPicker: () => [...brandKeys.all, 'admin-picker'] as const,
  picker: () => [...brandKeys.all, 'picker'] as const,
};
