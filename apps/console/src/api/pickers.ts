/**
 * The lists for pickers (docs/api.md "Brand content"): categories, sub categories, currencies and brands, used by
 * several features (products, instances), with their query keys. Each is asked on the caller's path: the admin one
 * for admins, the brand's own for its customers.
 */
import { brandEndpoints, catalogueEndpoints as catalogue, PICKER_PAGE_SIZE } from '@atk/contract';
import { call } from './client.ts';

/** Page 1 of up to PICKER_PAGE_SIZE live rows: what every picker asks. */
export const PICKER_QUERY = { page_num: 1, page_size: PICKER_PAGE_SIZE, is_deleted: false } as const;
export const CURRENCY_PICKER_SIZE = 40;

export const pickersApi = {
  categories: (admin: boolean) => call(catalogue.categories.of(admin), { query: PICKER_QUERY }),
  subCategories: (admin: boolean, categoryId: string) =>
    call(catalogue.subCategories.of(admin), { query: { ...PICKER_QUERY, category_id: categoryId } }),
  currencies: (admin: boolean, name?: string) =>
    call(catalogue.currencies.of(admin), {
      query: { page_num: 1, page_size: CURRENCY_PICKER_SIZE, is_deleted: false, name: name?.trim() || undefined },
    }),
  /** The brands (up to 1000), e.g. the brand filter of the instances' other-brands picker. */
  brands: (admin: boolean) => call(admin ? brandEndpoints.list : brandEndpoints.picker, { query: PICKER_QUERY }),
};

export const pickerKeys = {
  categories: (admin: boolean) => ['categories', admin] as const,
  subCategories: (admin: boolean, categoryId: string | null | undefined) =>
    ['sub_categories', admin, categoryId ?? null] as const,
  currencies: (admin: boolean, name: string) => ['currencies', admin, name] as const,
};
