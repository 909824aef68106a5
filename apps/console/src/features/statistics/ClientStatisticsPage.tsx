import { LABEL } from '@atk/contract';
import { useState } from 'react';
import { FilterRow } from '../../components/Filters.tsx';
import type { DayRange } from './api.ts';
import { BrandStatistics } from './BrandStatistics.tsx';
import { defaultRange, RangeFilter } from './StatisticsFilters.tsx';

const OWN = { admin: false } as const;

/**
 * The customer's statistics (/client/statistics): the brand's own launches (instance filter of its
 * own instances), new users, visitors and per-product plays and listening time, from the client paths, which
 * read the session's brand only.
 */
export default function ClientStatisticsPage() {
  const [range, setRange] = useState<DayRange>(defaultRange);
  const [page, setPage] = useState(1);
  return (
    <div className="page page--wide statistics">
      <header className="page__header">
        <h1 className="page__title">{LABEL.navStatistics}</h1>
      </header>
      <FilterRow className="statistics__filters">
        <RangeFilter value={range} onChange={setRange} />
      </FilterRow>
      <BrandStatistics scope={OWN} range={range} page={page} onPage={setPage} products />
    </div>
  );
}
