import { LABEL, MSG, type Plan } from '@atk/contract';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { DeleteAction, operateColumn, statusColumn, timeColumn, userTextColumn } from '../../components/columns.tsx';
import { ListPage, nameStatusFilters, nameStatusQuery } from '../../components/ListPage.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { planKeys, plansApi } from './api.ts';
import { PlanDialog } from './PlanDialog.tsx';

const FILTERS = nameStatusFilters('Plan name');

/**
 * The plans list (/global/plans; docs/api.md "Customers and plans"): name and status filters, New Plan, the columns index, name,
 * status, customers (those whose last chosen plan it is), last updated, Edit and Delete; 20 a page.
 */
export default function PlanListPage() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const remove = useSave({ save: plansApi.remove, success: MSG.deleteSuccess, invalidate: [planKeys.all] });

  const columns = useMemo<TableColumnsType<Plan>>(
    () => [
      userTextColumn({ key: 'name', title: 'Name', dataIndex: 'name' }),
      statusColumn((row) => row.is_published),
      { key: 'customers', title: 'Customers', width: 120, dataIndex: 'customers_count' },
      timeColumn('updated_at', 'Last updated', (row) => row.updated_at),
      operateColumn(180, (row) => (
        <>
          <RowAction label={LABEL.edit} name={row.name} onClick={() => navigate(`/global/plans/${row._id}/edit`)} />
          <DeleteAction name={row.name} onDelete={() => remove.mutate(row._id)} />
        </>
      )),
    ],
    [navigate, remove.mutate],
  );

  return (
    <ListPage<Plan>
      title={LABEL.plans}
      storageKey="plans"
      filters={FILTERS}
      queryKey={planKeys.list()}
      fetch={(query) => plansApi.list(nameStatusQuery(query))}
      columns={columns}
      index="Index"
      create={{ label: LABEL.newPlan, onClick: () => setCreating(true) }}
      testId="plan-list"
    >
      {creating && <PlanDialog onClose={() => setCreating(false)} />}
    </ListPage>
  );
}
