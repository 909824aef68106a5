import { LABEL, type MobileInstanceListItem, MSG, mobileSyncMsg } from '@atk/contract';
import { Form, Input, Space, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { timeColumn, userTextColumn } from '../../components/columns.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { type ListFilter, ListPage, textFilter } from '../../components/ListPage.tsx';
import { NAME_RULES } from '../../components/RecordFields.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { mobileInstanceKeys, mobileInstancesApi } from './api.ts';

const FILTERS: ListFilter[] = [{ name: 'name', label: LABEL.name, type: 'text', placeholder: LABEL.instanceName }];

export const mobileEditPath = (id: string) => `/atk/instances/${encodeURIComponent(id)}/edit`;

/**
 * The mobile instances (docs/api.md "Mobile instances"): name search, Search and Reset, New Instance
 * (a dialog with Name, SAVE and CANCEL), the table index, Instance name, Last updated, and the row actions Edit and
 * Sync Products (its success text is the server's msg: how many products were added and removed); 20 per page.
 */
export default function MobileInstanceListPage() {
  const [creating, setCreating] = useState(false);
  const create = useSave({
    save: (values: { name: string }) =>
      mobileInstancesApi.create({ name: values.name.trim(), is_published: 0, listener_votes: 0 }),
    success: MSG.createInstanceSuccess,
    invalidate: [mobileInstanceKeys.all],
  });
  const sync = useSave({
    save: (id: string) => mobileInstancesApi.syncProducts(id),
    success: (data) => mobileSyncMsg(data as { added: number; removed: number }),
    invalidate: [mobileInstanceKeys.all],
  });

  const columns = useMemo<TableColumnsType<MobileInstanceListItem>>(
    () => [
      userTextColumn({ key: 'name', title: LABEL.instanceName, render: (_: unknown, row) => row.general.name }),
      timeColumn('updated_at', LABEL.lastUpdated, (row) => row.updated_at, 200),
      {
        key: 'operate',
        title: 'Operate',
        width: 220,
        render: (_: unknown, row) => (
          <Space size={4} wrap>
            <Link to={mobileEditPath(row._id)} aria-label={`${LABEL.edit} ${row.general.name}`}>
              {LABEL.edit}
            </Link>
            <RowAction
              label={LABEL.syncProducts}
              name={row.general.name}
              busy={sync.isPending && sync.variables === row._id}
              onClick={() => sync.mutate(row._id)}
            />
          </Space>
        ),
      },
    ],
    [sync.mutate, sync.isPending, sync.variables],
  );

  return (
    <ListPage<MobileInstanceListItem>
      title={LABEL.navInstances}
      storageKey="atk:mobile-instances"
      filters={FILTERS}
      queryKey={mobileInstanceKeys.lists()}
      fetch={({ page_num, page_size, filters }) =>
        mobileInstancesApi.list({ page_num, page_size, name: textFilter(filters, 'name') })
      }
      columns={columns}
      index="Index"
      create={{ label: LABEL.newInstance, onClick: () => setCreating(true) }}
      testId="mobile-instance-list"
    >
      <FormDialog<{ name: string }>
        open={creating}
        title={LABEL.newInstance}
        name="mobile-instance-new"
        initialValues={{ name: '' }}
        onSubmit={create.mutateAsync}
        onClose={() => setCreating(false)}
      >
        <Form.Item name="name" label={LABEL.name} rules={NAME_RULES}>
          <Input maxLength={200} autoFocus />
        </Form.Item>
      </FormDialog>
    </ListPage>
  );
}
