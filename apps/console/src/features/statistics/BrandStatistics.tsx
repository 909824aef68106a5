import { ALL_BRANDS, LABEL } from '@atk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { FilterRow } from '../../components/Filters.tsx';
import { type DayRange, type StatisticsScope, statisticsApi, statisticsKeys } from './api.ts';
import { DailyLaunches, DailyNewUsers, StrictLaunchesNote } from './DailyStatistics.tsx';
import { ProductsTable } from './ProductsTable.tsx';
import { InstanceFilter } from './StatisticsFilters.tsx';
import { StatisticsTabs } from './StatisticsTabs.tsx';
import { Verdicts } from './Verdicts.tsx';
import { VisitorsTable } from './VisitorsTable.tsx';
import { VERDICT } from './verdictTexts.ts';

const TABS = ['launches', 'new-users', 'total-users', 'products', 'verdicts'] as const;
type TabKey = (typeof TABS)[number];

function Launches({ scope, range }: { scope: StatisticsScope; range: DayRange }) {
  const [instanceId, setInstanceId] = useState('');
  const series = useQuery({
    queryKey: statisticsKeys.launchDaily(scope, range, instanceId || undefined),
    queryFn: () => statisticsApi.launchDaily(scope, range, instanceId || undefined),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      {scope.brandId !== ALL_BRANDS && (
        <FilterRow className="statistics__filters">
          <InstanceFilter scope={scope} value={instanceId} onChange={setInstanceId} />
        </FilterRow>
      )}
      <DailyLaunches title={LABEL.tabDailyLaunches} series={series} />
    </>
  );
}

const useNewUsers = (scope: StatisticsScope, range: DayRange) =>
  useQuery({
    queryKey: statisticsKeys.brandVisitorsDaily(scope, range),
    queryFn: () => statisticsApi.brandVisitorsDaily(scope, range),
    placeholderData: keepPreviousData,
  });

function NewUsers({ scope, range }: { scope: StatisticsScope; range: DayRange }) {
  return <DailyNewUsers series={useNewUsers(scope, range)} />;
}

/** The range's strict privacy launches, beside the visitors' sign-up pages and sign-ins that leave them out. */
function StrictNote({ scope, range }: { scope: StatisticsScope; range: DayRange }) {
  return <StrictLaunchesNote count={useNewUsers(scope, range).data?.strict_launches} />;
}

function Products({ scope, range }: { scope: StatisticsScope; range: DayRange }) {
  const products = useQuery({
    queryKey: statisticsKeys.products(scope, range),
    queryFn: () => statisticsApi.products(scope, range),
    placeholderData: keepPreviousData,
  });
  return <ProductsTable answer={products.data} loading={products.isFetching} />;
}

/**
 * The tabs of one brand's statistics (docs/api.md "Statistics"), or of all brands together (`brandId`
 * ALL_BRANDS, no instance filter): Daily Launches (instance filter with All; total launches and unique users, the
 * range's unique users in the Total row), Daily New Users, Total Users (with country, state/province, city), and,
 * where `products` is asked (the customer's own screen), Products: plays and listening time per
 * product, and Listener verdicts: the blind votes (docs/api.md "Listener verdicts"). The parent owns the range and the Total Users page, so a new brand starts again at page 1; `key` the
 * component by brand so the instance filter starts at All.
 */
export function BrandStatistics({
  scope,
  range,
  page,
  onPage,
  products = false,
}: {
  scope: StatisticsScope;
  range: DayRange;
  page: number;
  onPage: (page: number) => void;
  products?: boolean;
}) {
  const items: { key: TabKey; label: string; children: ReactNode }[] = [
    { key: 'launches', label: LABEL.tabDailyLaunches, children: <Launches scope={scope} range={range} /> },
    { key: 'new-users', label: LABEL.tabDailyNewUsers, children: <NewUsers scope={scope} range={range} /> },
    {
      key: 'total-users',
      label: LABEL.tabTotalUsers,
      children: (
        <VisitorsTable
          queryKey={statisticsKeys.brandVisitors(scope, page)}
          fetch={(query) => statisticsApi.brandVisitors(scope, query)}
          page={page}
          onPage={onPage}
          note={<StrictNote scope={scope} range={range} />}
        />
      ),
    },
    ...(products
      ? [
          { key: 'products' as const, label: LABEL.tabProducts, children: <Products scope={scope} range={range} /> },
          { key: 'verdicts' as const, label: VERDICT.tab, children: <Verdicts scope={scope} range={range} /> },
        ]
      : []),
  ];
  return <StatisticsTabs keys={TABS} initial="launches" items={items} />;
}
