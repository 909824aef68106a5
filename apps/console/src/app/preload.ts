/**
 * The chunks of each signed-in area: its shell and its landing page. Signing in fetches them at once, while the
 * sign-in message shows, so the area opens with its shell drawn and its first list asked for, not after a
 * waterfall of lazy chunks (the router's lazy routes import the same modules).
 */
import { PAGE_SIZE } from '@atk/contract';
import type { QueryClient } from '@tanstack/react-query';
import { listPageKey, openingFilters } from '../components/listState.ts';
import { CLIENT_PRODUCTS_PATH, PRODUCT_FILTERS, productList } from '../features/products/list.ts';
import type { AreaName } from '../session/paths.ts';

/** The one shell of the four areas (the area's table gives it its sidebar: routes/model.tsx). */
export const areaShell = () => import('./layouts/AreaShell.tsx').then((m) => ({ default: m.AreaShell }));

export const landingPages = {
  productList: () => import('../features/products/ProductListPage.tsx'),
  brandList: () => import('../features/brands/BrandListPage.tsx'),
  mobileInstanceList: () => import('../features/mobile-instances/MobileInstanceListPage.tsx'),
};

/** Each area's home (AREA[role].home): client → products, global and super → brands, atk → instances. */
const landingOf: Record<AreaName, () => Promise<unknown>> = {
  client: landingPages.productList,
  global: landingPages.brandList,
  super: landingPages.brandList,
  atk: landingPages.mobileInstanceList,
};

/** Starts fetching an area's chunks; a failure is left to the route's own loading, which shows it. */
export function preloadArea(area: AreaName) {
  for (const chunk of [areaShell, landingOf[area]]) chunk().catch(() => {});
}

/**
 * A customer's first list, asked for as soon as the token is known instead of after the route's chunks arrived
 * and the page mounted: the request and the chunks travel together. It is the page the product list's ListPage
 * asks first (page 1, with the filters this browser kept), under the same key, so the page finds the answer (or
 * the request in flight) and draws it.
 */
export function prefetchLanding(area: AreaName, queryClient: QueryClient) {
  if (area !== 'client') return;
  const list = productList({ admin: false, listPath: CLIENT_PRODUCTS_PATH });
  const filters = openingFilters(list.storageKey, PRODUCT_FILTERS);
  void queryClient.prefetchQuery({
    queryKey: listPageKey(list.queryKey, 1, filters),
    queryFn: () => list.fetch({ page_num: 1, page_size: PAGE_SIZE, filters }),
  });
}
