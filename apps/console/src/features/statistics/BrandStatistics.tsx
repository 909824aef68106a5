import { ALL_BRANDS, LABEL } from '@atk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useRememberedTab } from '../../components/useRememberedTab.ts';
import { type DayRange, type StatisticsScope, statisticsApi, statisticsKeys } from './api.ts';
import {
  DailyStatistics,
  FilterRow,
  InstanceFilter,
  LAUNCH_BARS,
  NEW_USER_BARS,
  ProductsTable,
  VisitorsTable,
} from './parts.tsx';

const TABS = ['launches', 'new-users', 'total-users', 'products'] as const;
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
        <FilterRow>
          <InstanceFilter scope={scope} value={instanceId} onChange={setInstanceId} />
        </FilterRow>
      )}
      <DailyStatistics
        title={LABEL.tabDailyLaunches}
        series={series.data?.series}
        totals={series.data && { total: series.data.total_num, unique: series.data.unique_num }}
        dropped={series.data?.dropped}
        bars={LAUNCH_BARS}
        loading={series.isFetching}
        testId="statistics-launches"
      />
    </>
  );
}

function NewUsers({ scope, range }: { scope: StatisticsScope; range: DayRange }) {
  const series = useQuery({
    queryKey: statisticsKeys.brandVisitorsDaily(scope, range),
    queryFn: () => statisticsApi.brandVisitorsDaily(scope, range),
    placeholderData: keepPreviousData,
  });
  return (
    <DailyStatistics
      title={LABEL.tabDailyNewUsers}
      series={series.data?.series}
      dropped={series.data?.dropped}
      bars={NEW_USER_BARS}
      loading={series.isFetching}
      testId="statistics-new-users"
    />
  );
}

function Products({ scope, range }: { scope: StatisticsScope; range: DayRange }) {
  const products = useQuery({
    queryKey: statisticsKeys.products(scope, range),
    queryFn: () => statisticsApi.products(scope, range),
    placeholderData: keepPreviousData,
  });
  return <ProductsTable list={products.data?.list} loading={products.isFetching} />;
}

/**
 * The tabs of one brand's statistics (docs/api.md "Statistics"), or of all brands together (`brandId`
 * ALL_BRANDS, no instance filter): Daily Launches (instance filter with All; total launches and unique users, the
 * range's unique users in the Total row), Daily New Users, Total Users (with country, state/province, city), and,
 * where `products` is asked (the customer's own screen, issue 13), Products: plays and listening time per
 * product. The parent owns the range and the Total Users page, so a new brand starts again at page 1; `key` the
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
  const [tab, setTab] = useRememberedTab<TabKey>(TABS, 'launches');
  const items = [
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
        />
      ),
    },
    ...(products
      ? [{ key: 'products', label: LABEL.tabProducts, children: <Products scope={scope} range={range} /> }]
      : []),
  ];
  const active = items.some((i) => i.key === tab) ? tab : 'launches';
  return (
    <Tabs
      className="statistics__tabs"
      activeKey={active}
      onChange={(key) => setTab(key as TabKey)}
      items={items}
      destroyOnHidden
    />
  );
}
