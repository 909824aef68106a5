import { LABEL, type Visitor } from '@atk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FilterRow } from '../../components/Filters.tsx';
import { type DayRange, statisticsApi, statisticsKeys } from './api.ts';
import { DailyNewUsers } from './DailyStatistics.tsx';
import { EraseVisitorAction, EraseVisitorForm } from './EraseVisitor.tsx';
import { defaultRange, RangeFilter } from './StatisticsFilters.tsx';
import { StatisticsTabs } from './StatisticsTabs.tsx';
import { VisitorsTable } from './VisitorsTable.tsx';

const TABS = ['new-users', 'total-users'] as const;

function NewUsers() {
  const [range, setRange] = useState<DayRange>(defaultRange);
  const series = useQuery({
    queryKey: statisticsKeys.visitorsDaily(range),
    queryFn: () => statisticsApi.visitorsDaily(range),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <FilterRow className="statistics__filters">
        <RangeFilter value={range} onChange={setRange} />
      </FilterRow>
      <DailyNewUsers series={series} />
    </>
  );
}

/** Each visitor's Erase, by the name its row reads. */
const eraseAction = (visitor: Visitor, name: string) => <EraseVisitorAction id={visitor._id} name={name} />;

function TotalUsers() {
  const [page, setPage] = useState(1);
  return (
    <>
      <EraseVisitorForm />
      <VisitorsTable
        queryKey={statisticsKeys.visitors(page)}
        fetch={statisticsApi.visitors}
        page={page}
        onPage={setPage}
        actions={eraseAction}
      />
    </>
  );
}

/**
 * Statistics of users (ATK) (/global/statistics/atk; docs/api.md "Statistics"): every visitor of the platform. Daily New Users
 * (bar chart, date range, future days disabled) and Total Users (the total and the paged table), where an operator
 * erases a visitor: Erase on its row, or its id pasted in Erase a visitor (a visitor who sent it).
 */
export default function StatisticsAtkPage() {
  return (
    <div className="page page--wide statistics">
      <header className="page__header">
        <h1 className="page__title">{LABEL.statisticsAtk}</h1>
      </header>
      <StatisticsTabs
        keys={TABS}
        initial="new-users"
        items={[
          { key: 'new-users', label: LABEL.tabDailyNewUsers, children: <NewUsers /> },
          { key: 'total-users', label: LABEL.tabTotalUsers, children: <TotalUsers /> },
        ]}
      />
    </div>
  );
}
