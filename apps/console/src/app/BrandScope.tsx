import { useQuery } from '@tanstack/react-query';
import { Result } from 'antd';
import { Outlet, useParams } from 'react-router';
import { errorText, isApiError } from '../api/client.ts';
import { NotFound } from '../components/NotFound.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { brandKeys, brandsApi } from '../features/brands/api.ts';

/**
 * The brand-scoped screens of an operator area (/{area}/brands/{adminBrandId}/…) open only for a brand that
 * exists: an unknown or malformed brand id is the 404 page, never an empty list that looks like a brand without
 * products. The read is the one the sidebar's brand title makes (same query key).
 */
export function BrandScope() {
  const { adminBrandId = '' } = useParams();
  const brand = useQuery({ queryKey: brandKeys.one(adminBrandId), queryFn: () => brandsApi.read(adminBrandId) });
  if (brand.isPending) return <PageSpinner />;
  if (brand.error) {
    if (isApiError(brand.error) && (brand.error.code === 404 || brand.error.code === 400)) return <NotFound embedded />;
    return <Result status="error" title={errorText(brand.error)} />;
  }
  return <Outlet />;
}
