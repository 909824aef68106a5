/**
 * Brands: the calls and the query keys of the feature. Every key starts with `brandKeys.all`, so a save invalidates
 * every brand list, picker and record at once.
 */
import {
  brandEndpoints as api,
  type BrandCreate,
  type BrandUpdate,
  type brandQuery,
  type QueryValues,
} from '@atk/contract';
import { call } from '../../api/client.ts';
import { PICKER_QUERY } from '../../api/pickers.ts';

export const brandsApi = {
  list: (query: Omit<QueryValues<typeof brandQuery>, 'is_deleted'>) =>
    call(api.list, { query: { ...query, is_deleted: false } }),
  read: (id: string) => call(api.read, { params: { id } }),
  create: (body: BrandCreate) => call(api.create, { body }),
  update: (id: string, body: BrandUpdate) => call(api.update, { params: { id }, body }),
  remove: (id: string) => call(api.remove, { params: { id } }),
  /** Operators' brand pickers: every brand, active or pending (page 1, size 1000). */
  adminPicker: () => call(api.list, { query: PICKER_QUERY }),
  /** Anyone signed in: the active brands (the profile's picker). */
  picker: () => call(api.picker, { query: { page_num: PICKER_QUERY.page_num, page_size: PICKER_QUERY.page_size } }),
};

export const brandKeys = {
  all: ['brands'] as const,
  list: () => [...brandKeys.all, 'list'] as const,
  one: (id: string) => [...brandKeys.all, 'one', id] as const,
  adminPicker: () => [...brandKeys.all, 'admin-picker'] as const,
  picker: () => [...brandKeys.all, 'picker'] as const,
};
