import { type ListData, MSG } from '@atk/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { statusColumn, timeColumn, userTextColumn } from '../../components/columns.tsx';
import { type ListFilter, ListPage, textFilter } from '../../components/ListPage.tsx';
import type { NameListQuery } from './api.ts';
import { editDeleteColumn } from './parts.tsx';

const NONE: never[] = [];

type Named = { _id: string; name: string; is_published: number; updated_at: string };

/**
 * A list of catalogue records (the categories, the sub categories): the other list linked under the
 * title, a name filter, New …, the columns index, name, `columns`, status, last updated, Edit (the record's edit
 * page) and Delete; 20 a page.
 */
export function CatalogueListPage<Row extends Named>({
  title,
  sibling,
  storageKey,
  placeholder,
  queryKey,
  list,
  remove,
  invalidate,
  columns: extra = NONE,
  editPath,
  newLabel,
  dialog,
  testId,
}: {
  title: string;
  /** The other catalogue list, linked under the title (neither is in the sidebar twice). */
  sibling: { to: string; label: string };
  storageKey: string;
  placeholder: string;
  queryKey: readonly unknown[];
  list: (query: NameListQuery) => Promise<ListData<Row>>;
  remove: (id: string) => Promise<unknown>;
  invalidate: QueryKey;
  /** The columns between name and status. */
  columns?: TableColumnsType<Row>;
  editPath: (id: string) => string;
  newLabel: string;
  /** The New … dialog, open until `close` is called. */
  dialog: (close: () => void) => ReactNode;
  testId: string;
}) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const drop = useSave({ save: remove, success: MSG.deleteSuccess, invalidate: [invalidate] });

  const filters = useMemo<ListFilter[]>(
    () => [{ name: 'name', label: 'Name', type: 'text', placeholder }],
    [placeholder],
  );
  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      userTextColumn({ key: 'name', title: 'Name', dataIndex: 'name' }),
      ...extra,
      statusColumn((row) => row.is_published),
      timeColumn('updated_at', 'Last updated', (row) => row.updated_at),
      editDeleteColumn<Row>((row) => navigate(editPath(row._id)), drop.mutate, 180),
    ],
    [extra, editPath, navigate, drop.mutate],
  );

  return (
    <ListPage<Row>
      title={title}
      subtitle={<Link to={sibling.to}>{sibling.label}</Link>}
      storageKey={storageKey}
      filters={filters}
      queryKey={queryKey}
      fetch={({ page_num, page_size, filters }) => list({ page_num, page_size, name: textFilter(filters, 'name') })}
      columns={columns}
      index="Index"
      create={{ label: newLabel, onClick: () => setCreating(true) }}
      testId={testId}
    >
      {creating && dialog(() => setCreating(false))}
    </ListPage>
  );
}
