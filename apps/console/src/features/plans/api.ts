/**
 * Plans (/admin/subscriptions): the calls and the query keys of the feature. Every key starts with `planKeys.all`,
 * so a save reloads every plan list, picker and record at once.
 */
import { planEndpoints as api, type PlanCreate, type PlanQuery, type PlanUpdate } from '@atk/contract';
import { call } from '../../api/client.ts';
import { PICKER_QUERY } from '../../api/pickers.ts';

export type PlanListQuery = Pick<PlanQuery, 'page_num' | 'page_size' | 'name' | 'is_published'>;

export const plansApi = {
  list: (query: PlanListQuery) => call(api.list, { query: { ...query, is_deleted: false } }),
  read: (id: string) => call(api.read, { params: { id } }),
  create: (body: PlanCreate) => call(api.create, { body }),
  update: (id: string, body: PlanUpdate) => call(api.update, { params: { id }, body }),
  remove: (id: string) => call(api.remove, { params: { id } }),
  /** The published plans, for Customer edit's plan select. */
  publishedPicker: () => call(api.list, { query: { ...PICKER_QUERY, is_published: true } }),
};

export const planKeys = {
  all: ['plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
  one: (id: string) => [...planKeys.all, 'one', id] as const,
  publishedPicker: () => [...planKeys.all, 'published-picker'] as const,
};
