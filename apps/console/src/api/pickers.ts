/**
 * The lists for pickers (spec 3 §7 "Lists for pickers"): categories, sub categories, currencies and brands, used by
 * several features (products, instances), with their query keys.
 */
import type { Currency, ListData, NamedRecord } from '@atk/contract';
import { PICKER_PAGE_SIZE } from '@atk/contract';
import { get } from './client.ts';
import { scoped } from './scope.ts';

/** Page 1 of up to PICKER_PAGE_SIZE live rows: what every picker asks. */
export const PICKER_QUERY = { page_num: 1, page_size: PICKER_PAGE_SIZE, is_deleted: false } as const;
export const CURRENCY_PICKER_SIZE = 40;

export const pickersApi = {
  categories: (admin: boolean) => get<ListData<NamedRecord>>(scoped(admin, '/categories'), { query: PICKER_QUERY }),
  subCategories: (admin: boolean, categoryId: string) =>
    get<ListData<NamedRecord>>(scoped(admin, '/sub_categories'), {
      query: { ...PICKER_QUERY, category_id: categoryId },
    }),
  currencies: (admin: boolean, name?: string) =>
    get<ListData<Currency>>(scoped(admin, '/currencies'), {
      query: { page_num: 1, page_size: CURRENCY_PICKER_SIZE, is_deleted: false, name: name?.trim() || undefined },
    }),
  /** The brands (up to 1000), e.g. the brand filter of the instances' other-brands picker. */
  brands: (admin: boolean) => get<ListData<NamedRecord>>(scoped(admin, '/brands'), { query: PICKER_QUERY }),
};

export const pickerKeys = {
  categories: (admin: boolean) => ['categories', admin] as const,
  subCategories: (admin: boolean, categoryId: string | null | undefined) =>
    ['sub_categories', admin, categoryId ?? null] as const,
  currencies: (admin: boolean, name: string) => ['currencies', admin, name] as const,
};
