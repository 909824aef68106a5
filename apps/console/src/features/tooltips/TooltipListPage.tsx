import { LABEL, MSG, type Tooltip } from '@atk/contract';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useSave } from '../../api/useSave.ts';
import { DeleteAction, operateColumn, timeColumn } from '../../components/columns.tsx';
import { type ListFilter, ListPage, numberFilter, textFilter } from '../../components/ListPage.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { FEATURE_OPTIONS, featureName, tooltipKeys, tooltipsApi } from './api.ts';
import { TooltipDialog } from './TooltipDialog.tsx';

const FILTERS: ListFilter[] = [
  { name: 'content', label: 'Content', type: 'text', placeholder: 'Content' },
  { name: 'feature', label: 'Feature', type: 'select', options: FEATURE_OPTIONS, width: 200 },
];

/**
 * The tooltips of the player's features (super area): Content and Feature filters, New
 * Tooltip, the columns #, Feature, Content, Created at, Last updated, Operate (Edit, Delete), 20 a page.
 */
export default function TooltipListPage() {
  const [editing, setEditing] = useState<Tooltip | 'new' | null>(null);
  const remove = useSave({ save: tooltipsApi.remove, success: MSG.deleteSuccess, invalidate: [tooltipKeys.all] });

  const columns = useMemo<TableColumnsType<Tooltip>>(
    () => [
      { key: 'feature', title: 'Feature', width: 170, render: (_, row) => featureName(row.feature) },
      {
        key: 'content',
        title: 'Content',
        dataIndex: 'content',
        render: (content: string) => <span style={{ whiteSpace: 'pre-line' }}>{content}</span>,
      },
      timeColumn('created_at', 'Created at', (row) => row.created_at),
      timeColumn('updated_at', 'Last updated', (row) => row.updated_at),
      operateColumn(160, (row) => {
        const name = `${featureName(row.feature)} ${row.content.replace(/\s+/g, ' ').slice(0, 40)}`;
        return (
          <>
            <RowAction label={LABEL.edit} name={name} onClick={() => setEditing(row)} />
            <DeleteAction name={name} onDelete={() => remove.mutate(row._id)} />
          </>
        );
      }),
    ],
    [remove.mutate],
  );

  return (
    <ListPage<Tooltip>
      title={LABEL.tooltips}
      storageKey="tooltips"
      filters={FILTERS}
      queryKey={tooltipKeys.list()}
      fetch={({ page_num, page_size, filters }) =>
        tooltipsApi.list({
          page_num,
          page_size,
          content: textFilter(filters, 'content'),
          feature: numberFilter(filters, 'feature'),
        })
      }
      columns={columns}
      index
      create={{ label: LABEL.newTooltip, onClick: () => setEditing('new') }}
      testId="tooltip-list"
    >
      {editing && <TooltipDialog tooltip={editing} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
