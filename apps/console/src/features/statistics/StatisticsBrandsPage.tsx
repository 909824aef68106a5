import { LABEL } from '@atk/contract';
import { useState } from 'react';
import { FilterRow } from '../../components/Filters.tsx';
import type { DayRange } from './api.ts';
import { BrandStatistics } from './BrandStatistics.tsx';
import { BrandFilter, defaultRange, RangeFilter } from './StatisticsFilters.tsx';
import { useBrandChoice } from './useBrandChoice.ts';

/**
 * Statistics of brands (/global/statistics/brands): date range and brand filters (All brands, then the
 * brands most active first), opening on the most active brand; changing the brand returns Total Users to page 1
 * (and the instance filter to All).
 */
export default function StatisticsBrandsPage() {
  const [range, setRange] = useState<DayRange>(defaultRange);
  const [page, setPage] = useState(1);
  const { brands, loading, brandId, choose } = useBrandChoice(range);
  return (
    <div className="page page--wide statistics">
      <header className="page__header">
        <h1 className="page__title">{LABEL.statisticsBrands}</h1>
      </header>
      <FilterRow className="statistics__filters">
        <RangeFilter value={range} onChange={setRange} />
        <BrandFilter
          brands={brands}
          value={brandId}
          loading={loading}
          onChange={(id) => {
            choose(id);
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
