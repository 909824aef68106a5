import { isAdminRole } from '@atk/contract';
import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { useSession } from '../../session/index.ts';
import { CLIENT_PRODUCTS_PATH } from '../products/list.ts';

/**
 * Where the instance screens are used (docs/api.md "A brand's state and scope"):
 * - client: /client/instances — the customer's own master brand, plain API paths;
 * - brand:  /{global|super}/brands/{adminBrandId}/instances — an operator inside one brand, /admin paths.
 */
export interface InstanceScope {
  kind: 'client' | 'brand';
  /** Calls use the /admin variant. */
  admin: boolean;
  /** The brand the screens are scoped to (operators inside a brand). */
  brandId?: string;
  /** The list route, e.g. /client/instances. */
  listPath: string;
  editPath: (instanceId: string) => string;
  /** The edit page of one of the brand's products, where it is published (its General tab's Status). */
  productEditPath: (productId: string) => string;
  /** The instance's analytics screen, where there is one: an operator of the global area inside a brand. */
  analyticsPath?: (instanceId: string) => string;
}

export function useInstanceScope(): InstanceScope {
  const { role } = useSession();
  const { adminBrandId } = useParams();
  const { pathname } = useLocation();
  const admin = role ? isAdminRole(role) : false;
  const area = pathname.split('/')[1] ?? 'client';
  return useMemo(() => {
    const listPath = adminBrandId ? `/${area}/brands/${adminBrandId}/instances` : '/client/instances';
    return {
      kind: adminBrandId ? 'brand' : 'client',
      admin,
      brandId: adminBrandId,
      listPath,
      editPath: (id: string) => `${listPath}/${encodeURIComponent(id)}/edit`,
      productEditPath: (id: string) =>
        `${adminBrandId ? `/${area}/brands/${adminBrandId}/products` : CLIENT_PRODUCTS_PATH}/${encodeURIComponent(id)}/edit`,
      analyticsPath:
        adminBrandId && area === 'global'
          ? (id: string) => `${listPath}/${encodeURIComponent(id)}/analytics`
          : undefined,
    };
  }, [area, admin, adminBrandId]);
}
