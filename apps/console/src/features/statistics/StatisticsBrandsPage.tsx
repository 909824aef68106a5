import { LABEL } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pickersApi } from '../../api/pickers.ts';
import type { DayRange } from './api.ts';
import { BrandStatistics } from './BrandStatistics.tsx';
import { BrandFilter, defaultRange, FilterRow, RangeFilter } from './parts.tsx';

/**
 * Statistics of brands (/global/statistics/brands, spec 2 §2): date range and brand filters, the first brand
 * selected at first; changing the brand returns Total Users to page 1 (and the instance filter to All).
 */
export default function StatisticsBrandsPage() {
  const [range, setRange] = useState<DayRange>(defaultRange);
  const [chosen, setChosen] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const brands = useQuery({ queryKey: ['brands', 'statistics-filter'], queryFn: () => pickersApi.brands(true) });
  const brandId = chosen ?? brands.data?.list[0]?._id;
  return (
    <div className="page page--wide statistics">
      <header className="page__header">
        <h1 className="page__title">{LABEL.statisticsBrands}</h1>
      </header>
      <FilterRow>
        <RangeFilter value={range} onChange={setRange} />
        <BrandFilter
          brands={brands.data?.list ?? []}
          value={brandId}
          loading={brands.isFetching}
          onChange={(id) => {
            setChosen(id);
            setPage(1);
          }}
        />
      </FilterRow>
      {brandId && (
        <BrandStatistics key={brandId} scope={{ admin: true, brandId }} range={range} page={page} onPage={setPage} />
      )}
    </div>
  );
}
