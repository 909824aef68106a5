/**
 * Plans (spec 2 §7 Catalogue: /admin/subscriptions): the calls and the query keys of the feature. Every key
 * starts with `planKeys.all`, so a save reloads every plan list, picker and record at once.
 */
import type { ListData, Plan, PlanCreate, PlanQuery, PlanUpdate } from '@atk/contract';
import { del, get, post, put } from '../../api/client.ts';
import { PICKER_QUERY } from '../../api/pickers.ts';

export type PlanListQuery = Pick<PlanQuery, 'page_num' | 'page_size' | 'name' | 'is_published'>;

const enc = encodeURIComponent;

export const plansApi = {
  list: (query: PlanListQuery) =>
    get<ListData<Plan>>('/admin/subscriptions', { query: { ...query, is_deleted: false } }),
  read: (id: string) => get<Plan>(`/admin/subscriptions/${enc(id)}`),
  create: (fields: PlanCreate) => post<Plan>('/admin/subscriptions', fields),
  update: (id: string, fields: PlanUpdate) => put<Plan>(`/admin/subscriptions/${enc(id)}`, fields),
  remove: (id: string) => del<null>(`/admin/subscriptions/${enc(id)}`),
  /** The published plans, for Customer edit's plan select. */
  publishedPicker: () =>
    get<ListData<Plan>>('/admin/subscriptions', {
      query: { ...PICKER_QUERY, is_published: true },
    }),
};

export const planKeys = {
  all: ['plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
  one: (id: string) => [...planKeys.all, 'one', id] as const,
  publishedPicker: () => [...planKeys.all, 'published-picker'] as const,
};
