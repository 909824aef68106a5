import { type InstanceListItem, LABEL, MSG } from '@atk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { reportError } from '../../api/client.ts';
import { formatTime } from '../../components/format.ts';
import { type ListFilter, ListPage } from '../../components/ListPage.tsx';
import { STATUS_OPTIONS } from '../../components/status.ts';
import { instanceKeys, instancesApi } from './api.ts';
import { InstanceDialog, RELOAD_DELAY_MS } from './InstanceDialog.tsx';
import { previewInstance } from './launch.ts';
import { useInstanceScope } from './scope.ts';

const NAME_FILTER: ListFilter = { name: 'name', label: 'Name', type: 'text', placeholder: 'Instance name' };
const STATUS_FILTER: ListFilter = {
  name: 'is_published',
  label: LABEL.status,
  type: 'select',
  options: STATUS_OPTIONS,
};

/**
 * The instance list (spec 3 §2 Instance list): name search (operators also a status filter), Search and Reset,
 * New Instance, and the table index, Instance, Last updated, Operate (Edit, Preview, Duplicate, Delete);
 * 20 per page.
 */
export default function InstanceListPage() {
  const scope = useInstanceScope();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);

  const columns = useMemo<TableColumnsType<InstanceListItem>>(() => {
    const reload = () =>
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: instanceKeys.all }), RELOAD_DELAY_MS);
    const duplicate = async (row: InstanceListItem) => {
      try {
        await instancesApi.copy(scope.admin, row._id);
        reload();
      } catch (e) {
        reportError(message.error, e);
      }
    };
    const remove = async (row: InstanceListItem) => {
      try {
        await instancesApi.remove(scope.admin, row._id);
        message.success(MSG.deleteSuccess);
        reload();
      } catch (e) {
        reportError(message.error, e);
      }
    };
    return [
      { key: 'name', title: 'Instance', render: (_: unknown, row: InstanceListItem) => row.general.name },
      {
        key: 'updated_at',
        title: 'Last updated',
        width: 200,
        render: (_: unknown, row: InstanceListItem) => formatTime(row.updated_at),
      },
      {
        key: 'operate',
        title: 'Operate',
        width: 320,
        render: (_: unknown, row: InstanceListItem) => (
          <Space size={4} wrap>
            <Link
              to={scope.editPath(row._id)}
              className="instance-list__edit"
              aria-label={`Edit ${row.general.name}`}
              data-testid="instance-edit"
            >
              {LABEL.edit}
            </Link>
            <Button
              type="link"
              size="small"
              aria-label={`Preview ${row.general.name}`}
              onClick={() => previewInstance(row._id)}
            >
              {LABEL.preview}
            </Button>
            <Popconfirm
              title={MSG.duplicateInstanceConfirm}
              okText="OK"
              cancelText={LABEL.cancel}
              onConfirm={() => duplicate(row)}
            >
              <Button type="link" size="small" aria-label={`Duplicate ${row.general.name}`}>
                {LABEL.duplicate}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={MSG.deleteInstanceConfirm}
              okText="OK"
              cancelText={LABEL.cancel}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(row)}
            >
              <Button type="link" size="small" danger aria-label={`Delete ${row.general.name}`}>
                {LABEL.delete}
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
    ];
  }, [scope, message, queryClient]);

  return (
    <ListPage<InstanceListItem>
      title={LABEL.navMyPlayers}
      storageKey={`instances:${scope.listPath}`}
      filters={scope.kind === 'client' ? [NAME_FILTER] : [NAME_FILTER, STATUS_FILTER]}
      queryKey={instanceKeys.list(scope.admin, scope.brandId ?? null)}
      fetch={({ page_num, page_size, filters }) =>
        instancesApi.list(scope.admin, {
          page_num,
          page_size,
          name: typeof filters.name === 'string' ? filters.name : undefined,
          is_published:
            scope.kind !== 'client' && typeof filters.is_published === 'number'
              ? filters.is_published === 1
              : undefined,
          brand_id: scope.brandId,
        })
      }
      columns={columns}
      index={scope.kind === 'client' ? '#' : 'Index'}
      create={{ label: LABEL.newInstance, onClick: () => setCreating(true) }}
      testId="instance-list"
    >
      <InstanceDialog scope={scope} open={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}
