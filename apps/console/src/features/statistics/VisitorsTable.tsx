import { LABEL, type ListData, PAGE_SIZE, type Visitor } from '@atk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType, Tooltip } from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import { userTextColumn } from '../../components/columns.tsx';
import { formatTime } from '../../components/format.ts';
import { useScrollableFocus } from '../../components/useScrollableFocus.ts';

/** Where a visitor was first seen: city, state/province, country, as far as known. */
const placeOf = (v: Visitor) => [v.city, v.state_prov, v.country_name].filter(Boolean).join(', ') || LABEL.unknownPlace;

/** The page a visitor signed up on, without the scheme: `shop.example/mics`. */
const pageOf = (url: string) => url.replace(/^https?:\/\//, '') || LABEL.unknownPlace;

/**
 * Total Users (docs/api.md "Statistics"; ATK statistics and brand statistics): the total, then a paged table a person reads: each visitor by its number, with
 * its id only in a tooltip; when it was first seen and last signed in, where, on which page, its launches and sign
 * ins. Times 'D MMM YYYY HH:mm' local. `actions` adds an Operate column (the operators' Erase), given each visitor
 * and the name its row reads ('Visitor 3').
 */
export function VisitorsTable({
  queryKey,
  fetch,
  page,
  onPage,
  note,
  actions,
}: {
  /** A plain note under the total (strict privacy mode's launches in the range). */
  note?: ReactNode;
  queryKey: readonly unknown[];
  fetch: (query: { page_num: number; page_size: number }) => Promise<ListData<Visitor>>;
  page: number;
  onPage: (page: number) => void;
  actions?: (visitor: Visitor, name: string) => ReactNode;
}) {
  const list = useQuery({
    queryKey,
    queryFn: () => fetch({ page_num: page, page_size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo<TableColumnsType<Visitor>>(() => {
    // the row's name: its number on the whole list, newest first
    const nameOf = (i: number) => `${LABEL.visitor} ${(page - 1) * PAGE_SIZE + i + 1}`;
    return [
      {
        key: 'visitor',
        title: LABEL.visitor,
        width: 110,
        render: (_, v, i) => (
          <Tooltip title={`${LABEL.visitorId}: ${v._id}`} trigger={['hover', 'focus']}>
            {/* a button, so the tooltip opens from the keyboard too */}
            <button type="button" className="statistics__visitor" data-testid="statistics-visitor">
              {nameOf(i)}
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
      ...(actions
        ? [
            {
              key: 'operate',
              title: 'Operate',
              width: 100,
              render: (_: unknown, v: Visitor, i: number) => actions(v, nameOf(i)),
            },
          ]
        : []),
    ];
  }, [page, actions]);
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
