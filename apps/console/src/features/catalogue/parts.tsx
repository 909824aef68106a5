import { PlusOutlined } from '@ant-design/icons';
import { LABEL, MSG } from '@atk/contract';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Button, InputNumber, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { DeleteAction, operateColumn, timeColumn, userTextColumn } from '../../components/columns.tsx';
import { PublishSwitch } from '../../components/PublishSwitch.tsx';
import { RowAction } from '../../components/RowAction.tsx';

/**
 * The list of an edit page's children (a category's sub categories, a sub category's songs, a song's
 * instruments): a heading, the New button and every row (up to 1000), no filters nor paging.
 */
export function ChildList<Row extends { _id: string }>({
  title,
  create,
  rows,
  loading,
  columns,
  testId,
  children,
}: {
  title: string;
  create: { label: string; onClick: () => void };
  rows: Row[] | undefined;
  loading: boolean;
  columns: TableColumnsType<Row>;
  testId: string;
  /** The dialogs of the list. */
  children?: ReactNode;
}) {
  return (
    <section className="page catalogue-children">
      <header className="page__header list-page__header">
        <h2 className="page__title">{title}</h2>
        <Button type="primary" icon={<PlusOutlined />} onClick={create.onClick}>
          {create.label}
        </Button>
      </header>
      <div data-testid={testId}>
        <Table<Row> rowKey="_id" columns={columns} dataSource={rows ?? []} loading={loading} pagination={false} />
      </div>
      {children}
    </section>
  );
}

/**
 * A row's order (1..count), saved when the operator presses Enter or leaves the box with another value: the server
 * moves the row there and shifts the ones between, and the list reloads in its new order.
 */
export function OrderInput({
  name,
  order,
  count,
  onChange,
}: {
  name: string;
  order: number;
  count: number;
  onChange: (order: number) => unknown;
}): ReactNode {
  const [value, setValue] = useState<number | null>(order);
  // the order last sent: Enter then leaving the box saves once
  const sent = useRef<number | null>(null);
  useEffect(() => {
    setValue(order);
    sent.current = null;
  }, [order]);
  const commit = () => {
    if (value === null || value === order) return setValue(order);
    const to = Math.min(Math.max(1, Math.round(value)), Math.max(1, count));
    if (sent.current === to) return;
    sent.current = to;
    onChange(to);
  };
  return (
    <InputNumber
      aria-label={`Order ${name}`}
      min={1}
      max={Math.max(1, count)}
      precision={0}
      value={value}
      style={{ width: 80 }}
      onChange={(v) => setValue(typeof v === 'number' ? v : null)}
      onPressEnter={commit}
      onBlur={commit}
    />
  );
}

type OrderedRow = { _id: string; name: string; order: number; is_published: number };
type RowFields = { order?: number; is_published?: 0 | 1 };

/**
 * The saves of an ordered child list (a sub category's songs, a song's instruments): a row's order or status saved
 * at once (one after another, in the order asked: `scope`), and a row deleted; each reloads `invalidate`.
 */
export function useRowSaves({
  update,
  remove,
  success,
  invalidate,
  scope,
}: {
  update: (id: string, fields: RowFields) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  success: string;
  invalidate: QueryKey;
  scope: string;
}) {
  const save = useSave({
    save: ({ id, fields }: { id: string; fields: RowFields }) => update(id, fields),
    success,
    invalidate: [invalidate],
    scope,
  });
  const drop = useSave({ save: remove, success: MSG.deleteSuccess, invalidate: [invalidate] });
  return useMemo(
    () => ({
      setOrder: (id: string, order: number) => save.mutate({ id, fields: { order } }),
      setStatus: (id: string, is_published: 0 | 1) => save.mutate({ id, fields: { is_published } }),
      remove: (id: string) => drop.mutate(id),
    }),
    [save.mutate, drop.mutate],
  );
}

/** The Order column of an ordered child list: 1..count, a move saved at once. */
export const orderColumn = <Row extends OrderedRow>(
  count: number,
  setOrder: (id: string, order: number) => unknown,
): TableColumnsType<Row>[number] => ({
  key: 'order',
  title: 'Order',
  width: 110,
  render: (_, row) => (
    <OrderInput name={row.name} order={row.order} count={count} onChange={(order) => setOrder(row._id, order)} />
  ),
});

/** The Status column of an ordered child list: the publish switch, saved at once. */
export const publishColumn = <Row extends OrderedRow>(
  setStatus: (id: string, status: 0 | 1) => unknown,
): TableColumnsType<Row>[number] => ({
  key: 'status',
  title: LABEL.status,
  width: 130,
  render: (_, row) => (
    <PublishSwitch name={row.name} status={row.is_published} onChange={(status) => setStatus(row._id, status)} />
  ),
});

/** The Operate column of a catalogue list: Edit and Delete (behind 'Confirm to delete this record?'). */
export const editDeleteColumn = <Row extends { _id: string; name: string }>(
  onEdit: (row: Row) => unknown,
  onDelete: (id: string) => unknown,
  width = 160,
): TableColumnsType<Row>[number] =>
  operateColumn<Row>(width, (row) => (
    <>
      <RowAction label={LABEL.edit} name={row.name} onClick={() => onEdit(row)} />
      <DeleteAction name={row.name} onDelete={() => onDelete(row._id)} />
    </>
  ));

/**
 * An edit page's ordered children (a sub category's songs, a song's instruments): New …, then each row's Order (a
 * move shifts the rows between), name, `columns`, the publish switch (saves at once), last updated, Edit (the
 * child's edit page) and Delete.
 */
export function OrderedChildList<Row extends OrderedRow & { updated_at: string }>({
  title,
  newLabel,
  testId,
  queryKey,
  fetch,
  saves,
  columns: extra,
  editPath,
  dialog,
}: {
  title: string;
  newLabel: string;
  testId: string;
  queryKey: QueryKey;
  fetch: () => Promise<{ list: Row[] }>;
  saves: Parameters<typeof useRowSaves>[0];
  /** The columns between name and status. */
  columns: TableColumnsType<Row>;
  editPath: (id: string) => string;
  /** The New … dialog, open until `close` is called. */
  dialog: (close: () => void) => ReactNode;
}) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const list = useQuery({ queryKey, queryFn: fetch });
  const rows = useRowSaves(saves);
  const count = list.data?.list.length ?? 0;
  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      orderColumn(count, rows.setOrder),
      userTextColumn({ key: 'name', title: 'Name', dataIndex: 'name' }),
      ...extra,
      publishColumn(rows.setStatus),
      timeColumn('updated_at', 'Last updated', (row) => row.updated_at),
      editDeleteColumn<Row>((row) => navigate(editPath(row._id)), rows.remove),
    ],
    [count, extra, editPath, navigate, rows],
  );
  return (
    <ChildList<Row>
      title={title}
      create={{ label: newLabel, onClick: () => setCreating(true) }}
      rows={list.data?.list}
      loading={list.isFetching}
      columns={columns}
      testId={testId}
    >
      {creating && dialog(() => setCreating(false))}
    </ChildList>
  );
}
