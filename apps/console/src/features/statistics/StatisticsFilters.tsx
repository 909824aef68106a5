/**
 * The filters of the statistics screens, in a `FilterRow` (components/Filters.tsx) with the class
 * `statistics__filters`: the day range every screen has (future days disabled), the operators' brand select (brand
 * statistics, mobile product statistics) and the instance select (a brand's launches, its Listener verdicts).
 */

import { ALL_BRANDS, LABEL, utcToday } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { SelectFilter } from '../../components/Filters.tsx';
import { instancesApi } from '../instances/api.ts';
import type { DayRange, StatisticsScope } from './api.ts';

const DAY = 'YYYY-MM-DD';
/** Days before today the screens open with (about 13 days back up to today; docs/api.md "Statistics"). */
const DEFAULT_DAYS_BACK = 13;

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
