import { LABEL, MSG, type Plan } from '@atk/contract';
import { Space, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { formatTime } from '../../components/format.ts';
import { type ListFilter, ListPage } from '../../components/ListPage.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { STATUS_FILTER_OPTIONS, statusText } from '../../components/status.ts';
import { planKeys, plansApi } from './api.ts';
import { PlanDialog } from './PlanDialog.tsx';

const FILTERS: ListFilter[] = [
  { name: 'name', label: 'Name', type: 'text', placeholder: 'Plan name' },
  { name: 'is_published', label: LABEL.status, type: 'select', options: STATUS_FILTER_OPTIONS },
];

/**
 * The plans list (spec 2 §2 /global/plans): name and status filters, New Plan, the columns index, name,
 * status, customers (those whose last chosen plan it is), last updated, Edit and Delete; 20 a page.
 */
export default function PlanListPage() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const remove = useSave({ save: plansApi.remove, success: MSG.deleteSuccess, invalidate: [planKeys.all] });

  const columns = useMemo<TableColumnsType<Plan>>(
    () => [
      { key: 'name', title: 'Name', dataIndex: 'name' },
      {
        key: 'status',
        title: LABEL.status,
        width: 120,
        render: (_, row) => (
          <Tag color={row.is_published === 1 ? 'green' : 'default'}>{statusText(row.is_published)}</Tag>
        ),
      },
      { key: 'customers', title: 'Customers', width: 120, dataIndex: 'customers_count' },
      { key: 'updated_at', title: 'Last updated', width: 180, render: (_, row) => formatTime(row.updated_at) },
      {
        key: 'operate',
        title: 'Operate',
        width: 180,
        render: (_, row) => (
          <Space size={4} wrap>
            <RowAction label={LABEL.edit} name={row.name} onClick={() => navigate(`/global/plans/${row._id}/edit`)} />
            <RowAction
              label={LABEL.delete}
              name={row.name}
              danger
              confirm={MSG.deleteRecordConfirm}
              onClick={() => remove.mutate(row._id)}
            />
          </Space>
        ),
      },
    ],
    [navigate, remove.mutate],
  );

  return (
    <ListPage<Plan>
      title={LABEL.plans}
      storageKey="plans"
      filters={FILTERS}
      queryKey={planKeys.list()}
      fetch={({ page_num, page_size, filters }) =>
        plansApi.list({
          page_num,
          page_size,
          name: typeof filters.name === 'string' ? filters.name : undefined,
          is_published: typeof filters.is_published === 'number' ? filters.is_published === 1 : undefined,
        })
      }
      columns={columns}
      index="Index"
      create={{ label: LABEL.newPlan, onClick: () => setCreating(true) }}
      testId="plan-list"
    >
      {creating && <PlanDialog onClose={() => setCreating(false)} />}
    </ListPage>
  );
}
