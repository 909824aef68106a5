import { LABEL } from '@atk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useRememberedTab } from '../../components/useRememberedTab.ts';
import { type DayRange, statisticsApi, statisticsKeys } from './api.ts';
import { DailyStatistics, defaultRange, FilterRow, NEW_USER_BARS, RangeFilter, VisitorsTable } from './parts.tsx';

const TABS = ['new-users', 'total-users'] as const;
type TabKey = (typeof TABS)[number];

function NewUsers() {
  const [range, setRange] = useState<DayRange>(defaultRange);
  const series = useQuery({
    queryKey: statisticsKeys.visitorsDaily(range),
    queryFn: () => statisticsApi.visitorsDaily(range),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <FilterRow>
        <RangeFilter value={range} onChange={setRange} />
      </FilterRow>
      <DailyStatistics
        title={LABEL.tabDailyNewUsers}
        series={series.data?.series}
        dropped={series.data?.dropped}
        bars={NEW_USER_BARS}
        loading={series.isFetching}
        testId="statistics-new-users"
      />
    </>
  );
}

function TotalUsers() {
  const [page, setPage] = useState(1);
  return (
    <VisitorsTable
      queryKey={statisticsKeys.visitors(page)}
      fetch={statisticsApi.visitors}
      page={page}
      onPage={setPage}
    />
  );
}

/**
 * Statistics of users (ATK) (/global/statistics/atk; docs/api.md "Statistics"): every visitor of the platform. Daily New Users
 * (bar chart, date range, future days disabled) and Total Users (the total and the paged table).
 */
export default function StatisticsAtkPage() {
  const [tab, setTab] = useRememberedTab<TabKey>(TABS, 'new-users');
  return (
    <div className="page page--wide statistics">
      <header className="page__header">
        <h1 className="page__title">{LABEL.statisticsAtk}</h1>
      </header>
      <Tabs
        className="statistics__tabs"
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        destroyOnHidden
        items={[
          { key: 'new-users', label: LABEL.tabDailyNewUsers, children: <NewUsers /> },
          { key: 'total-users', label: LABEL.tabTotalUsers, children: <TotalUsers /> },
        ]}
      />
    </div>
  );
}
