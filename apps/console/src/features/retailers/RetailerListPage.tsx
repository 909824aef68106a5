import { LABEL, MSG, type Retailer, type RetailerStatus } from '@atk/contract';
import { App, Space, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useSave } from '../../api/useSave.ts';
import { timeColumn, userTextColumn } from '../../components/columns.tsx';
import { type FilterValues, type ListFilter, ListPage, textFilter } from '../../components/ListPage.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { retailerKeys, retailersApi } from './api.ts';
import { RetailerDialog, STATUS_TEXT } from './RetailerDialog.tsx';

const FILTERS: ListFilter[] = [
  { name: 'name', label: LABEL.name, type: 'text', placeholder: LABEL.retailer },
  {
    name: 'status',
    label: LABEL.status,
    type: 'select',
    options: [
      { value: '', label: LABEL.all },
      { value: '1', label: LABEL.statusActive },
      { value: '0', label: LABEL.statusInactive },
    ],
  },
];

const statusFilter = (filters: FilterValues): RetailerStatus | undefined =>
  filters.status === '1' || filters.status === '0' ? filters.status : undefined;

/**
 * Retailers (docs/api.md "Retailers and mobile settings"): name search, status filter (All, Active, Inactive), New
 * Retailer (confirmed, then an empty create; its edit dialog opens), the table index, Retailer, Status, Created at,
 * Last updated, and Edit and Delete (confirmed); 20 per page. The widget's DEALS lists the active ones.
 */
export default function RetailerListPage() {
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<Retailer | null>(null);
  const create = useSave({
    save: retailersApi.create,
    success: MSG.createSuccess,
    invalidate: [retailerKeys.all],
    onSaved: (retailer) => setEditing(retailer),
  });
  const remove = useSave({
    save: retailersApi.remove,
    success: MSG.deleteSuccess,
    invalidate: [retailerKeys.all],
  });

  const columns = useMemo<TableColumnsType<Retailer>>(
    () => [
      userTextColumn({ key: 'name', title: LABEL.retailer, render: (_: unknown, r) => r.name }),
      {
        key: 'status',
        title: LABEL.status,
        width: 120,
        render: (_: unknown, r) => <Tag color={r.status === '1' ? 'green' : 'default'}>{STATUS_TEXT[r.status]}</Tag>,
      },
      timeColumn('created_at', LABEL.createdAt, (r) => r.created_at),
      timeColumn('updated_at', LABEL.lastUpdated, (r) => r.updated_at),
      {
        key: 'operate',
        title: 'Operate',
        width: 160,
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            <RowAction label={LABEL.edit} name={r.name} onClick={() => setEditing(r)} />
            <RowAction
              label={LABEL.delete}
              name={r.name}
              danger
              confirm={MSG.confirmDeleteRetailer}
              onClick={() => remove.mutate(r._id)}
            />
          </Space>
        ),
      },
    ],
    [remove.mutate],
  );

  return (
    <ListPage<Retailer>
      title={LABEL.retailers}
      storageKey="atk:retailers"
      filters={FILTERS}
      queryKey={retailerKeys.lists()}
      fetch={({ page_num, page_size, filters }) =>
        retailersApi.list({ page_num, page_size, name: textFilter(filters, 'name'), status: statusFilter(filters) })
      }
      columns={columns}
      index="Index"
      create={{
        label: LABEL.newRetailer,
        onClick: () =>
          modal.confirm({
            title: MSG.confirmCreateRetailer,
            okText: 'OK',
            cancelText: LABEL.cancel,
            onOk: () => create.mutateAsync().catch(() => undefined),
          }),
      }}
      testId="retailer-list"
    >
      <RetailerDialog retailer={editing} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
