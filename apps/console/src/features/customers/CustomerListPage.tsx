import { type AdminUserRow, LABEL, MSG } from '@atk/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Space, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { DeleteAction, operateColumn, StatusTag, timeColumn, userTextColumn } from '../../components/columns.tsx';
import { type ListFilter, ListPage, textFilter } from '../../components/ListPage.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { useAreaBase } from '../../components/useAreaBase.ts';
import { customerKeys, customersApi } from './api.ts';
import { CustomerDialog } from './CustomerDialog.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';

const FILTERS: ListFilter[] = [
  { name: 'name', label: 'Name', type: 'text', placeholder: 'Customer name' },
  { name: 'email', label: 'Email', type: 'text', placeholder: 'Email' },
  {
    name: 'master_brand_status',
    label: 'Brand Status',
    type: 'select',
    options: [
      { value: '', label: 'All' },
      { value: 'active', label: LABEL.statusActive },
      { value: 'pending', label: LABEL.statusPending },
    ],
  },
];

const rolesQuery = { queryKey: customerKeys.roles(), queryFn: customersApi.roles, staleTime: Number.POSITIVE_INFINITY };

/** The id of the role named customer: the list shows customers only (docs/api.md "Customers and plans"). */
const customerRoleId = (roles: { list: { _id: string; name: string }[] }) =>
  roles.list.find((r) => r.name === 'customer')?._id ?? '';

/**
 * The customers list (docs/api.md "Customers and plans"), in /global and /super: Name, Email and Brand Status filters,
 * New Customer, the columns #, Email, Name, Master Brand, Brand Status (Confirm while pending), Created at and
 * Operate (Edit Features, Edit, Reset Password, Delete); 20 a page.
 */
export default function CustomerListPage() {
  const base = useAreaBase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const roles = useQuery(rolesQuery);
  const [editing, setEditing] = useState<AdminUserRow | 'new' | null>(null);
  const [resetting, setResetting] = useState<AdminUserRow | null>(null);
  const remove = useSave({ save: customersApi.remove, success: MSG.deleteSuccess, invalidate: [customerKeys.all] });
  const confirm = useSave({
    save: customersApi.confirmBrand,
    success: MSG.confirmSuccess,
    invalidate: [customerKeys.all],
  });

  const columns = useMemo<TableColumnsType<AdminUserRow>>(
    () => [
      userTextColumn({ key: 'email', title: 'Email', dataIndex: 'email' }),
      userTextColumn({ key: 'name', title: 'Name', dataIndex: 'name' }),
      userTextColumn({ key: 'master_brand', title: 'Master Brand', render: (_, row) => row.master_brand_name ?? '' }),
      {
        key: 'brand_status',
        title: 'Brand Status',
        width: 190,
        // The same StatusTag as the Brands list, so a brand's status reads the same words and colour on both.
        render: (_, row) =>
          row.master_brand_status === 'pending' ? (
            <Space size={4}>
              <StatusTag status={0} />
              <RowAction
                label={LABEL.confirm}
                name={row.email}
                confirm={MSG.confirmCustomerBrand}
                onClick={() => confirm.mutate(row._id)}
              />
            </Space>
          ) : row.master_brand_status === 'active' ? (
            <StatusTag status={1} />
          ) : null,
      },
      timeColumn('created_at', 'Created at', (row) => row.created_at, 170),
      operateColumn(300, (row) => (
        <>
          <RowAction
            label={LABEL.editFeatures}
            name={row.email}
            onClick={() => navigate(`${base}/customers/${row._id}/edit`)}
          />
          <RowAction label={LABEL.edit} name={row.email} onClick={() => setEditing(row)} />
          <RowAction label={LABEL.resetPassword} name={row.email} onClick={() => setResetting(row)} />
          <DeleteAction name={row.email} onDelete={() => remove.mutate(row._id)} />
        </>
      )),
    ],
    [base, navigate, remove.mutate, confirm.mutate],
  );

  const status = (v: unknown) => (v === 'active' || v === 'pending' ? v : undefined);
  return (
    <ListPage<AdminUserRow>
      title={LABEL.customers}
      storageKey={`customers:${base}`}
      filters={FILTERS}
      queryKey={customerKeys.list()}
      fetch={async ({ page_num, page_size, filters }) =>
        customersApi.list({
          page_num,
          page_size,
          role_id: customerRoleId(await queryClient.ensureQueryData(rolesQuery)),
          name: textFilter(filters, 'name'),
          email: textFilter(filters, 'email'),
          master_brand_status: status(filters.master_brand_status),
        })
      }
      columns={columns}
      index
      create={{ label: LABEL.newCustomer, onClick: () => setEditing('new') }}
      testId="customer-list"
    >
      {editing && roles.data && (
        <CustomerDialog customer={editing} roleId={customerRoleId(roles.data)} onClose={() => setEditing(null)} />
      )}
      {resetting && <ResetPasswordDialog customer={resetting} onClose={() => setResetting(null)} />}
    </ListPage>
  );
}
