/**
 * A daily series as the statistics screens show it: a bar chart (Recharts, its own lazy chunk) over a table of the
 * same figures. Daily launches (brand statistics, instance analytics), Daily New Users (brand statistics, ATK
 * statistics) and the mobile product statistics' plays and listening time are all `DailyStatistics`. Loads that fail
 * are only logged (by the query client): the chart and table then stay empty.
 */

import { type DailySeries, type DayPoint, LABEL, type LaunchPoint, type LaunchSeries, PAGE_SIZE } from '@atk/contract';
import { Skeleton, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import type { ChartBar } from './DailyChart.tsx';
import { useChartColors } from './useChartColors.ts';

const DailyChart = lazy(() => import('./DailyChart.tsx'));

const LAUNCH_BARS: ChartBar[] = [
  { key: 'total', name: LABEL.totalLaunches, tone: 'primary' },
  { key: 'unique', name: LABEL.uniqueUsers, tone: 'secondary' },
];
const NEW_USER_BARS: ChartBar[] = [{ key: 'total', name: LABEL.newUsers, tone: 'primary' }];

type Point = DayPoint | LaunchPoint;

/**
 * A daily series as a bar chart (Recharts, its own lazy chunk) and, under it, the same figures as a table, newest
 * day first, with the range's totals: what a screen reader or a keyboard user reads instead of the bars.
 */
export function DailyStatistics({
  title,
  series,
  bars,
  loading,
  testId,
  format = String,
  dropped,
  totals: given,
  note,
}: {
  title: string;
  /** A plain note under the dropped count (strict privacy mode's launches under new visitors). */
  note?: ReactNode;
  series: Point[] | undefined;
  /** What ingestion dropped in the range (the answer's `dropped`), shown beside the figures. */
  dropped: number | undefined;
  bars: ChartBar[];
  loading: boolean;
  testId: string;
  /** How a figure is written in the table (listening seconds as hh:mm:ss). */
  format?: (value: number) => string;
  /**
   * The range's figures the server gives, by bar key: a figure that is not the sum of its days (the range's unique
   * users) is shown only from here; the others are the days' sum.
   */
  totals?: Partial<Record<string, number>>;
}) {
  const colors = useChartColors();
  const data = useMemo(() => (series ?? []) as unknown as Record<string, string | number>[], [series]);
  const rows = useMemo(() => [...(series ?? [])].reverse(), [series]);
  const columns = useMemo<TableColumnsType<Point>>(
    () => [
      { key: 'date', title: LABEL.date, render: (_, p) => dayjs(p.date).format('D MMM YYYY') },
      ...bars.map((bar) => ({
        key: bar.key,
        title: bar.name,
        align: 'right' as const,
        render: (_: unknown, p: Point) => format((p as unknown as Record<string, number>)[bar.key] ?? 0),
      })),
    ],
    [bars, format],
  );
  const totals = bars.map(
    (bar) =>
      given?.[bar.key] ??
      (bar.key === 'unique'
        ? undefined
        : rows.reduce((sum, p) => sum + ((p as unknown as Record<string, number>)[bar.key] ?? 0), 0)),
  );
  return (
    <section className="statistics__daily" data-testid={testId} aria-label={title}>
      <p className="statistics__dropped">
        {LABEL.dropped}: <strong data-testid={`${testId}-dropped`}>{format(dropped ?? 0)}</strong>. {LABEL.droppedHint}
      </p>
      {note}
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <DailyChart data={data} bars={bars} label={title} colors={colors} />
      </Suspense>
      <Table<Point>
        className="statistics__table"
        size="small"
        rowKey="date"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
        // the unique visitors of a range are not the sum of its days: that total comes from the server
        summary={() =>
          rows.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{LABEL.total}</Table.Summary.Cell>
              {bars.map((bar, i) => (
                <Table.Summary.Cell key={bar.key} index={i + 1} align="right">
                  {totals[i] === undefined ? '' : format(totals[i])}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </section>
  );
}

/** A loading series (a query's `data` and `isFetching`). */
type Loading<T> = { data?: T; isFetching: boolean };

/** Daily launches: total launches and unique users a day, the range's unique users from the server. */
export function DailyLaunches({ title, series }: { title: string; series: Loading<LaunchSeries> }) {
  const data = series.data;
  return (
    <DailyStatistics
      title={title}
      series={data?.series}
      totals={data && { total: data.total_num, unique: data.unique_num }}
      dropped={data?.dropped}
      bars={LAUNCH_BARS}
      loading={series.isFetching}
      testId="statistics-launches"
    />
  );
}

/**
 * Strict privacy mode's launches in the range: they keep no visitor across days, so new visitors, sign-up pages and
 * sign-ins leave them out (docs/api.md "What the statistics store, and for how long").
 */
export function StrictLaunchesNote({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <p className="statistics__note" data-testid="statistics-strict-launches">
      {LABEL.strictLaunchesNote.replace('{count}', String(count))}
    </p>
  );
}

/** Daily New Users: the visitors first seen each day. */
export function DailyNewUsers({ series }: { series: Loading<DailySeries> }) {
  return (
    <DailyStatistics
      title={LABEL.tabDailyNewUsers}
      series={series.data?.series}
      dropped={series.data?.dropped}
      note={<StrictLaunchesNote count={series.data?.strict_launches} />}
      bars={NEW_USER_BARS}
      loading={series.isFetching}
      testId="statistics-new-users"
    />
  );
}
