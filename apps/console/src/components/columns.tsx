import { LABEL, MSG } from '@atk/contract';
import { Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { formatTime } from './format.ts';
import { RowAction } from './RowAction.tsx';
import { statusText } from './status.ts';

/** Active (green) or Pending. */
export function StatusTag({ status }: { status: number | null | undefined }) {
  return <Tag color={status === 1 ? 'green' : 'default'}>{statusText(status)}</Tag>;
}

/** The Status column of a list. */
export const statusColumn = <Row,>(status: (row: Row) => number | null | undefined): ColumnType<Row> => ({
  key: 'status',
  title: LABEL.status,
  width: 120,
  render: (_, row) => <StatusTag status={status(row)} />,
});

/**
 * A column of text a user typed (a name, an email): a long word in it wraps anywhere rather than widening the table
 * (docs/accessibility.md "Long names").
 */
// NoInfer: the row type comes from the table the column is for, not from a dataIndex such as 'name'
export const userTextColumn = <Row,>(column: ColumnType<NoInfer<Row>>): ColumnType<Row> =>
  ({ ...column, className: 'user-text' }) as ColumnType<Row>;

/** A date-and-time column ('Created at', 'Last updated', 'Invitation at'). */
export const timeColumn = <Row,>(
  key: string,
  title: string,
  time: (row: Row) => string | null | undefined,
  width = 180,
): ColumnType<Row> => ({ key, title, width, render: (_, row) => formatTime(time(row)) });

/** The Operate column: the row's actions side by side. */
export const operateColumn = <Row,>(width: number, actions: (row: Row) => ReactNode): ColumnType<Row> => ({
  key: 'operate',
  title: 'Operate',
  width,
  render: (_, row) => (
    <Space size={4} wrap>
      {actions(row)}
    </Space>
  ),
});

/** Delete of a row, behind 'Confirm to delete this record?'. */
export function DeleteAction({ name, onDelete }: { name: string; onDelete: () => unknown }) {
  return <RowAction label={LABEL.delete} name={name} danger confirm={MSG.deleteRecordConfirm} onClick={onDelete} />;
}
