import { type ListFilter, type ListQuery, publishedFilter, textFilter } from '../../components/listState.ts';
import { STATUS_OPTIONS } from '../../components/status.ts';
import { productKeys, productsApi } from './api.ts';
import type { ProductScope } from './scope.ts';

export const PRODUCT_FILTERS: ListFilter[] = [
  { name: 'name', label: 'Name', type: 'text', placeholder: 'Product name' },
  { name: 'is_published', label: 'Status', type: 'select', options: STATUS_OPTIONS },
];

/** The customer's own list: the client area's landing page. */
export const CLIENT_PRODUCTS_PATH = '/client/products';

/**
 * A scope's product list as its ListPage asks for it (where its filters are kept, its cache key, its fetch); signing
 * in prefetches the customer's first page with the same (app/preload.ts), so nothing is paired by hand.
 */
export function productList(scope: Pick<ProductScope, 'admin' | 'brandId' | 'listPath'>) {
  return {
    storageKey: `products:${scope.listPath}`,
    queryKey: productKeys.list(scope.admin, scope.brandId ?? null),
    fetch: ({ page_num, page_size, filters }: ListQuery) =>
      productsApi.list(scope.admin, {
        page_num,
        page_size,
        name: textFilter(filters, 'name'),
        is_published: publishedFilter(filters),
        brand_id: scope.brandId,
      }),
  };
}
