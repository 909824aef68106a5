import { LABEL, MSG, type Tooltip } from '@atk/contract';
import { Space, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useSave } from '../../api/useSave.ts';
import { formatTime } from '../../components/format.ts';
import { type ListFilter, ListPage } from '../../components/ListPage.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { FEATURE_OPTIONS, featureName, tooltipKeys, tooltipsApi } from './api.ts';
import { TooltipDialog } from './TooltipDialog.tsx';

const FILTERS: ListFilter[] = [
  { name: 'content', label: 'Content', type: 'text', placeholder: 'Content' },
  { name: 'feature', label: 'Feature', type: 'select', options: FEATURE_OPTIONS, width: 200 },
];

/**
 * The tooltips of the player's features (spec 2 §2 Tooltips, super area): Content and Feature filters, New
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
      { key: 'created_at', title: 'Created at', width: 180, render: (_, row) => formatTime(row.created_at) },
      { key: 'updated_at', title: 'Last updated', width: 180, render: (_, row) => formatTime(row.updated_at) },
      {
        key: 'operate',
        title: 'Operate',
        width: 160,
        render: (_, row) => {
          const name = `${featureName(row.feature)} ${row.content.replace(/\s+/g, ' ').slice(0, 40)}`;
          return (
            <Space size={4}>
              <RowAction label={LABEL.edit} name={name} onClick={() => setEditing(row)} />
              <RowAction
                label={LABEL.delete}
                name={name}
                danger
                confirm={MSG.deleteRecordConfirm}
                onClick={() => remove.mutate(row._id)}
              />
            </Space>
          );
        },
      },
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
          content: typeof filters.content === 'string' ? filters.content : undefined,
          feature: typeof filters.feature === 'number' ? filters.feature : undefined,
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
