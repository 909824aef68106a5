import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { LABEL, type ListData, PAGE_SIZE } from '@atk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Grid, Input, Select, Table, type TableColumnsType } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import {
  clean,
  type FilterValues,
  type ListFilter,
  type ListQuery,
  listPageKey,
  openingFilters,
  publishedFilter,
  textFilter,
  writeFilters,
} from './listState.ts';
import { STATUS_FILTER_OPTIONS } from './status.ts';
import { useScrollableFocus } from './useScrollableFocus.ts';

export type { FilterValue, FilterValues, ListFilter, ListQuery } from './listState.ts';
export { numberFilter, publishedFilter, textFilter } from './listState.ts';

/** The keys of a row's actions column (operateColumn's Operate, a list's lone Edit). */
const ACTION_KEYS = new Set(['operate', 'edit']);

/**
 * On a phone a row's actions go under its first column, rather than in a last column past the screen's right edge
 * (the table scrolls sideways inside itself, and "Preview" showed as "Previe"): docs/accessibility.md "Long names".
 */
function actionsUnderFirstColumn<Row>(columns: TableColumnsType<Row>): TableColumnsType<Row> {
  const actions = columns.find((c) => ACTION_KEYS.has(String(c.key))) as ColumnType<Row> | undefined;
  const [first, ...rest] = columns.filter((c) => c !== actions) as ColumnType<Row>[];
  if (!actions?.render || !first) return columns;
  return [
    {
      ...first,
      render: (value: unknown, row: Row, i: number) => (
        <>
          <div>{(first.render ? first.render(value, row, i) : value) as ReactNode}</div>
          <div className="list-page__row-actions">{actions.render?.(undefined, row, i) as ReactNode}</div>
        </>
      ),
    },
    ...rest,
  ];
}

/** The Name and Status filters of a list of named records (brands, plans); `placeholder` hints the name box. */
export const nameStatusFilters = (placeholder: string): ListFilter[] => [
  { name: 'name', label: 'Name', type: 'text', placeholder },
  { name: 'is_published', label: LABEL.status, type: 'select', options: STATUS_FILTER_OPTIONS },
];

/** What a list with `nameStatusFilters` asks for: the page, the name and the status (true/false, or all). */
export const nameStatusQuery = ({ page_num, page_size, filters }: ListQuery) => ({
  page_num,
  page_size,
  name: textFilter(filters, 'name'),
  is_published: publishedFilter(filters),
});

export interface ListPageProps<Row> {
  title: ReactNode;
  subtitle?: ReactNode;
  /** A note between the header and the filters (e.g. what waits for the brand's confirmation). */
  notice?: ReactNode;
  /** Names the list: its filters are kept in localStorage under `atk:filters:{storageKey}`. */
  storageKey: string;
  filters: ListFilter[];
  /** The cache key of the list; the page and the filters are appended. Invalidate it to reload the list. */
  queryKey: readonly unknown[];
  fetch: (query: ListQuery) => Promise<ListData<Row>>;
  columns: TableColumnsType<Row>;
  /** Prepends the running number column (`#` unless named). */
  index?: boolean | string;
  /** The New button (e.g. 'New Product'). */
  create?: { label: string; onClick: () => void };
  rowKey?: string;
  pageSize?: number;
  /** The data-testid of the table (rows are `tr[data-row-key]`). */
  testId?: string;
  /** Dialogs and the like rendered with the page. */
  children?: ReactNode;
}

/**
 * The one list screen of the console (docs/architecture.md "One way to write a console screen", Lists): a filters row with Search and Reset, an optional
 * New button, an antd table and paging (20 per page). The applied filters are kept in localStorage per list,
 * so they survive a reload; load failures are only logged (by the query client). Row actions are
 * `RowAction`s (under the first column on a phone); New and Edit open a `FormDialog` whose save is a `useSave`.
 */
export function ListPage<Row extends object>({
  title,
  subtitle,
  notice,
  storageKey,
  filters,
  queryKey,
  fetch,
  columns,
  index,
  create,
  rowKey = '_id',
  pageSize = PAGE_SIZE,
  testId,
  children,
}: ListPageProps<Row>) {
  const [form] = Form.useForm<FilterValues>();
  const [applied, setApplied] = useState<FilterValues>(() => openingFilters(storageKey, filters));
  const [page, setPage] = useState(1);

  const list = useQuery({
    queryKey: listPageKey(queryKey, page, applied),
    queryFn: () => fetch({ page_num: page, page_size: pageSize, filters: applied }),
    placeholderData: keepPreviousData,
  });

  // a page beyond the end (after a deletion or a narrower filter elsewhere) goes back to the last page
  const total = list.data?.total_num ?? 0;
  useEffect(() => {
    const last = Math.max(1, Math.ceil(total / pageSize));
    if (list.isSuccess && page > last) setPage(last);
  }, [list.isSuccess, total, page, pageSize]);

  const search = (values: FilterValues) => {
    const next = clean(values, filters);
    writeFilters(storageKey, next);
    setApplied(next);
    setPage(1);
  };
  const reset = () => {
    form.resetFields();
    const empty = Object.fromEntries(filters.map((f) => [f.name, undefined]));
    form.setFieldsValue(empty);
    search({});
  };

  const tableBox = useRef<HTMLDivElement>(null);
  useScrollableFocus(tableBox, '.ant-table-content');
  // false only once measured below 576 px (undefined before the first measure)
  const phone = Grid.useBreakpoint().sm === false;
  const allColumns = useMemo<TableColumnsType<Row>>(() => {
    const shown = phone ? actionsUnderFirstColumn(columns) : columns;
    if (!index) return shown;
    return [
      {
        key: '__index',
        title: typeof index === 'string' ? index : '#',
        width: 70,
        render: (_: unknown, __: Row, i: number) => (page - 1) * pageSize + i + 1,
      },
      ...shown,
    ];
  }, [columns, index, page, pageSize, phone]);

  return (
    <div className="page list-page">
      <header className="page__header list-page__header">
        <div>
          <h1 className="page__title">{title}</h1>
          {subtitle && <p className="page__subtitle">{subtitle}</p>}
        </div>
        {create && (
          <Button type="primary" icon={<PlusOutlined />} onClick={create.onClick}>
            {create.label}
          </Button>
        )}
      </header>
      {notice}
      <Form<FilterValues>
        form={form}
        name={`filters-${storageKey.replace(/[^\w-]/g, '-')}`}
        layout="inline"
        className="list-page__filters"
        initialValues={applied}
        onFinish={search}
      >
        {filters.map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.label}>
            {f.type === 'text' ? (
              <Input allowClear placeholder={f.placeholder} style={{ width: f.width ?? 220 }} />
            ) : (
              <Select allowClear placeholder={f.placeholder} options={f.options} style={{ width: f.width ?? 160 }} />
            )}
          </Form.Item>
        ))}
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {LABEL.search}
          </Button>
        </Form.Item>
        <Form.Item>
          <Button onClick={reset} icon={<ReloadOutlined />}>
            {LABEL.reset}
          </Button>
        </Form.Item>
      </Form>
      <div data-testid={testId} ref={tableBox}>
        <Table<Row>
          rowKey={rowKey}
          columns={allColumns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          pagination={{
            current: page,
            pageSize,
            total,
            showSizeChanger: false,
            onChange: setPage,
            hideOnSinglePage: false,
          }}
        />
      </div>
      {children}
    </div>
  );
}
