import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { brandKeys, brandsApi } from '../../brands/api.ts';

/** The brands a catalogue song may belong to (the operators' picker, 1000), and their names by id. */
export function useBrands() {
  const brands = useQuery({ queryKey: brandKeys.adminPicker(), queryFn: brandsApi.adminPicker, staleTime: 60_000 });
  const names = useMemo(() => new Map((brands.data?.list ?? []).map((b) => [b._id, b.name])), [brands.data]);
  return { brands, names };
}
