import { isAdminRole } from '@atk/contract';
import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { useSession } from '../../session/index.ts';
import { CLIENT_PRODUCTS_PATH } from './list.ts';

/**
 * Where the product screens are used (docs/api.md "A brand's state and scope"):
 * - client: /client/products — the customer's own master brand, plain API paths;
 * - brand:  /{global|super}/brands/{adminBrandId}/products — an operator inside one brand, /admin paths with brand_id;
 * - all:    /global/products — an operator over every brand, /admin paths, the brand chosen on create.
 */
export interface ProductScope {
  kind: 'client' | 'brand' | 'all';
  /** Calls use the /admin variant. */
  admin: boolean;
  /** The brand the screens are scoped to (operators inside a brand). */
  brandId?: string;
  /** The list route, e.g. /client/products. */
  listPath: string;
  editPath: (productId: string) => string;
}

export function useProductScope(): ProductScope {
  const { role } = useSession();
  const { adminBrandId } = useParams();
  const { pathname } = useLocation();
  const admin = role ? isAdminRole(role) : false;
  const area = pathname.split('/')[1] ?? 'client';
  return useMemo(() => scopeOf(area, admin, adminBrandId), [area, admin, adminBrandId]);
}

function scopeOf(area: string, admin: boolean, adminBrandId: string | undefined): ProductScope {
  let listPath: string;
  let kind: ProductScope['kind'];
  if (adminBrandId) {
    kind = 'brand';
    listPath = `/${area}/brands/${adminBrandId}/products`;
  } else if (area === 'client') {
    kind = 'client';
    listPath = CLIENT_PRODUCTS_PATH;
  } else {
    kind = 'all';
    listPath = `/${area}/products`;
  }
  return {
    kind,
    admin,
    brandId: adminBrandId,
    listPath,
    editPath: (id) => `${listPath}/${encodeURIComponent(id)}/edit`,
  };
}
