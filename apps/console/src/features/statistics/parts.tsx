/**
 * The pieces the statistics screens share (Statistics of users (ATK), Statistics of brands, Player instance
 * analytics; docs/api.md "Statistics"): the day range with future days disabled, a daily chart with the table of its
 * figures, the Total Users table, the instance filter and the per-product table. Loads that fail are only
 * logged (by the query client): the chart or table then stays empty.
 */

import type { ListData } from '@atk/contract';
import {
  ALL_BRANDS,
  type DailySeries,
  type DayPoint,
  LABEL,
  type LaunchPoint,
  type LaunchSeries,
  PAGE_SIZE,
  type ProductTotals,
  type ProductTotalsList,
  utcToday,
  type Visitor,
} from '@atk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Skeleton, Table, type TableColumnsType, Tabs, Tooltip, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, type ReactNode, Suspense, useMemo, useRef } from 'react';
import { userTextColumn } from '../../components/columns.tsx';
import { FilterRow as Filters, SelectFilter } from '../../components/Filters.tsx';
import { formatTime } from '../../components/format.ts';
import { useRememberedTab } from '../../components/useRememberedTab.ts';
import { useScrollableFocus } from '../../components/useScrollableFocus.ts';
import { instancesApi } from '../instances/api.ts';
import type { DayRange, StatisticsScope } from './api.ts';
import type { ChartBar, ChartColors } from './DailyChart.tsx';

const DailyChart = lazy(() => import('./DailyChart.tsx'));

const DAY = 'YYYY-MM-DD';
/** Days before today the screens open with (about 13 days back up to today; docs/api.md "Statistics"). */
export const DEFAULT_DAYS_BACK = 13;

/**
 * The range the screens open with. Days are UTC days (docs/api.md "Statistics"): "today" is the UTC day, so a
 * browser already in tomorrow's local date never asks for a day the server calls future.
 */
export const defaultRange = (): DayRange => {
  const end = utcToday();
  return { start: dayjs(end).subtract(DEFAULT_DAYS_BACK, 'day').format(DAY), end };
};

/** The date-range picker: whole days, future (UTC) days disabled, never empty. */
export function RangeFilter({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  return (
    <Form.Item label={LABEL.dateRange} htmlFor="statistics-range">
      <DatePicker.RangePicker
        id={{ start: 'statistics-range', end: 'statistics-range-end' }}
        allowClear={false}
        value={[dayjs(value.start), dayjs(value.end)]}
        disabledDate={(d: Dayjs) => d.format(DAY) > utcToday()}
        onChange={(dates) => {
          const [start, end] = dates ?? [];
          if (start && end) onChange({ start: start.format(DAY), end: end.format(DAY) });
        }}
      />
    </Form.Item>
  );
}

/**
 * The brand select of the operators' statistics: All brands, then the brands most active first (GET
 * /admin/statistics/brands); `value` is the chosen one, the screen opening on the most active.
 */
export function BrandFilter({
  brands,
  value,
  onChange,
  loading,
}: {
  brands: { _id: string; name: string }[];
  value: string | undefined;
  onChange: (id: string) => void;
  loading: boolean;
}) {
  const options = [
    { value: ALL_BRANDS, label: LABEL.allBrands },
    ...brands.map((b) => ({ value: b._id, label: b.name })),
  ];
  return (
    <SelectFilter
      id="statistics-brand"
      label={LABEL.brand}
      value={value || undefined}
      options={options}
      onChange={onChange}
      loading={loading}
      search
      width={240}
    />
  );
}

/** A row of filters above the tabs. */
export function FilterRow({ children }: { children: ReactNode }) {
  return <Filters className="statistics__filters">{children}</Filters>;
}

export const LAUNCH_BARS: ChartBar[] = [
  { key: 'total', name: LABEL.totalLaunches, tone: 'primary' },
  { key: 'unique', name: LABEL.uniqueUsers, tone: 'secondary' },
];
export const NEW_USER_BARS: ChartBar[] = [{ key: 'total', name: LABEL.newUsers, tone: 'primary' }];

/** The chart's colours from the console's theme (App.tsx): the primary colour, text and borders. */
export function useChartColors(): ChartColors {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      primary: token.colorPrimary,
      secondary: token.colorTextSecondary,
      grid: token.colorBorderSecondary,
      text: token.colorTextSecondary,
    }),
    [token],
  );
}

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

/**
 * The tabs of a statistics screen: the one last chosen (kept per screen, `useRememberedTab`) unless it is not
 * among `items`, then `initial`; a tab not shown is unmounted.
 */
export function StatisticsTabs<K extends string>({
  keys,
  initial,
  items,
}: {
  keys: readonly K[];
  initial: K;
  items: { key: K; label: string; children: ReactNode }[];
}) {
  const [tab, setTab] = useRememberedTab<K>(keys, initial);
  return (
    <Tabs
      className="statistics__tabs"
      activeKey={items.some((i) => i.key === tab) ? tab : initial}
      onChange={(key) => setTab(key as K)}
      items={items}
      destroyOnHidden
    />
  );
}

/** The instances of a brand for the instance filter (up to 1000: a picker's page), and 'All'. */
export function InstanceFilter({
  scope,
  value,
  onChange,
}: {
  scope: StatisticsScope;
  value: string;
  onChange: (instanceId: string) => void;
}) {
  const instances = useQuery({
    queryKey: ['instances', 'statistics-filter', scope.admin, scope.brandId ?? null],
    queryFn: () =>
      instancesApi.list(scope.admin, {
        page_num: 1,
        page_size: 1000,
        brand_id: scope.admin ? scope.brandId : undefined,
      }),
    enabled: !scope.admin || Boolean(scope.brandId),
  });
  const options = [
    { value: '', label: LABEL.all },
    ...(instances.data?.list ?? []).map((i) => ({ value: i._id, label: i.general.name })),
  ];
  return (
    <SelectFilter
      id="statistics-instance"
      label={LABEL.instance}
      value={value}
      options={options}
      onChange={onChange}
      search
      width={240}
      loading={instances.isFetching}
    />
  );
}

/** Where a visitor was first seen: city, state/province, country, as far as known. */
export const placeOf = (v: Visitor) =>
  [v.city, v.state_prov, v.country_name].filter(Boolean).join(', ') || LABEL.unknownPlace;

/** The page a visitor signed up on, without the scheme: `shop.example/mics`. */
export const pageOf = (url: string) => url.replace(/^https?:\/\//, '') || LABEL.unknownPlace;

/**
 * Total Users (docs/api.md "Statistics"): the total, then a paged table a person reads: each visitor by its number, with
 * its id only in a tooltip; when it was first seen and last signed in, where, on which page, its launches and sign
 * ins. Times 'D MMM YYYY HH:mm' local.
 */
export function VisitorsTable({
  queryKey,
  fetch,
  page,
  onPage,
  note,
}: {
  /** A plain note under the total (strict privacy mode's launches in the range). */
  note?: ReactNode;
  queryKey: readonly unknown[];
  fetch: (query: { page_num: number; page_size: number }) => Promise<ListData<Visitor>>;
  page: number;
  onPage: (page: number) => void;
}) {
  const list = useQuery({
    queryKey,
    queryFn: () => fetch({ page_num: page, page_size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo<TableColumnsType<Visitor>>(
    () => [
      {
        key: 'visitor',
        title: LABEL.visitor,
        width: 110,
        render: (_, v, i) => (
          <Tooltip title={`${LABEL.visitorId}: ${v._id}`} trigger={['hover', 'focus']}>
            {/* a button, so the tooltip opens from the keyboard too */}
            <button type="button" className="statistics__visitor" data-testid="statistics-visitor">
              {LABEL.visitor} {(page - 1) * PAGE_SIZE + i + 1}
            </button>
          </Tooltip>
        ),
      },
      { key: 'first', title: LABEL.firstSeen, width: 170, render: (_, v) => formatTime(v.created_at) },
      userTextColumn({ key: 'place', title: LABEL.place, render: (_, v) => placeOf(v) }),
      userTextColumn({ key: 'page', title: LABEL.signUpPage, render: (_, v) => pageOf(v.sign_up_url) }),
      { key: 'launches', title: LABEL.launches, dataIndex: 'launches', align: 'right', width: 100 },
      { key: 'sign_in_count', title: LABEL.signInCount, dataIndex: 'sign_in_count', align: 'right', width: 120 },
      { key: 'last', title: LABEL.lastSignIn, width: 170, render: (_, v) => formatTime(v.updated_at) },
    ],
    [page],
  );
  const total = list.data?.total_num ?? 0;
  const box = useRef<HTMLElement>(null);
  useScrollableFocus(box, '.ant-table-content');
  return (
    <section className="statistics__visitors" data-testid="statistics-visitors" ref={box}>
      <p className="statistics__total">
        {LABEL.totalUsers}: <strong data-testid="statistics-visitors-total">{total}</strong>
      </p>
      {note}
      <Table<Visitor>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: onPage }}
      />
    </section>
  );
}

/** hh:mm:ss of a number of seconds (listening time). */
export const formatDuration = (seconds: number): string => {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/** Per product: its plays and listening time over the range (products never played are left out). */
export function ProductsTable({ answer, loading }: { answer: ProductTotalsList | undefined; loading: boolean }) {
  const list = answer?.list;
  const dropped = answer?.dropped;
  const columns = useMemo<TableColumnsType<ProductTotals>>(
    () => [
      userTextColumn({ key: 'name', title: LABEL.product, dataIndex: 'name' }),
      { key: 'plays', title: LABEL.plays, dataIndex: 'plays', align: 'right', width: 120 },
      {
        key: 'time',
        title: LABEL.listeningTime,
        align: 'right',
        width: 160,
        render: (_, p) => formatDuration(p.listening_time),
      },
    ],
    [],
  );
  return (
    <>
      <Table<ProductTotals>
        className="statistics__products"
        data-testid="statistics-products"
        rowKey="product_id"
        size="small"
        columns={columns}
        dataSource={list ?? []}
        loading={loading}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
        // the products' plays add up to the players' plays (docs/api.md "Statistics"): the same figure; what was
        // dropped of each sits under it
        summary={() =>
          list?.length || dropped?.plays || dropped?.listening_time ? (
            <>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{LABEL.total}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {(list ?? []).reduce((n, p) => n + p.plays, 0)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {formatDuration((list ?? []).reduce((n, p) => n + p.listening_time, 0))}
                </Table.Summary.Cell>
              </Table.Summary.Row>
              <Table.Summary.Row data-testid="statistics-products-dropped">
                <Table.Summary.Cell index={0}>{LABEL.dropped}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {dropped?.plays ?? 0}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {formatDuration(dropped?.listening_time ?? 0)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </>
          ) : null
        }
      />
      <p className="statistics__dropped">{LABEL.droppedHint}</p>
    </>
  );
}
