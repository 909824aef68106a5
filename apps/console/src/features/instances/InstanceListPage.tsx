import { type Instance, type InstanceListItem, LABEL, MSG } from '@atk/contract';
import { App, Button, Modal, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSave } from '../../api/useSave.ts';
import { statusColumn, timeColumn, userTextColumn } from '../../components/columns.tsx';
import { type ListFilter, ListPage, publishedFilter, textFilter } from '../../components/ListPage.tsx';
import { PendingBrandNote } from '../../components/PendingBrandNote.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { STATUS_OPTIONS } from '../../components/status.ts';
import { useSession } from '../../session/index.ts';
import { instanceKeys, instancesApi } from './api.ts';
import { InstanceDialog } from './InstanceDialog.tsx';
import { previewInstance } from './launch.ts';
import { usePublishInstance } from './publish.ts';
import { useInstanceScope } from './scope.ts';
import { HiddenProductNote, hiddenActiveProducts, publishConfirmed, showsNoProduct } from './visibility.tsx';

const NAME_FILTER: ListFilter = { name: 'name', label: 'Name', type: 'text', placeholder: 'Instance name' };
const STATUS_FILTER: ListFilter = {
  name: 'is_published',
  label: LABEL.status,
  type: 'select',
  options: STATUS_OPTIONS,
};

/**
 * The instance list (docs/api.md "Instances and subscriptions"): name search (operators also a status filter), Search
 * and Reset, New Instance, and the table index, Instance, Status, Last updated, Operate (Edit, Preview, Analytics in
 * the global area's brand scope, Publish or Unpublish, Duplicate, Delete); 20 per page. Status and Publish are ours
 * (docs/api.md "The player's public API"): a new instance is Pending, which visitors cannot see, and Preview shows it to its signed-in
 * brand with a banner saying so. Preview first lists the active products visitors will not see (with links to
 * publish them), and Publish warns when the player would show visitors no product (./visibility.tsx).
 */
export default function InstanceListPage() {
  const scope = useInstanceScope();
  const { token } = useSession();
  const [creating, setCreating] = useState(false);
  const [previewing, setPreviewing] = useState<Instance | null>(null);
  const { modal } = App.useApp();
  const publish = usePublishInstance(scope);
  // The instance as saved, for what its player will show visitors; null when it cannot be read (the action
  // itself then goes ahead, and reports any failure as it always does).
  const readInstance = (id: string) => instancesApi.read(scope.admin, id).catch(() => null);
  /** Preview, after saying which active products visitors will not see (if any), with links to publish them. */
  const preview = async (id: string) => {
    const instance = await readInstance(id);
    if (instance && hiddenActiveProducts(instance).length > 0) setPreviewing(instance);
    else previewInstance(id, token);
  };
  /** Publish, after a warning when the player would show visitors no product. */
  const publishRow = async (id: string) => {
    if (await publishConfirmed(modal, await readInstance(id))) publish.mutate({ id, is_published: 1 });
  };
  const duplicate = useSave({
    save: (id: string) => instancesApi.copy(scope.admin, id),
    invalidate: [instanceKeys.all],
  });
  const remove = useSave({
    save: (id: string) => instancesApi.remove(scope.admin, id),
    success: MSG.deleteSuccess,
    invalidate: [instanceKeys.all],
  });

  const columns: TableColumnsType<InstanceListItem> = [
    userTextColumn({ key: 'name', title: 'Instance', render: (_: unknown, row: InstanceListItem) => row.general.name }),
    statusColumn((row) => row.general.is_published),
    timeColumn('updated_at', 'Last updated', (row) => row.updated_at, 200),
    {
      key: 'operate',
      title: 'Operate',
      width: scope.analyticsPath ? 440 : 380,
      render: (_: unknown, row: InstanceListItem) => (
        <Space size={4} wrap>
          <RowAction label={LABEL.edit} name={row.general.name} to={scope.editPath(row._id)} testId="instance-edit" />
          <RowAction label={LABEL.preview} name={row.general.name} onClick={() => preview(row._id)} />
          {scope.analyticsPath && (
            <RowAction
              label={LABEL.analytics}
              name={row.general.name}
              to={scope.analyticsPath(row._id)}
              testId="instance-analytics"
            />
          )}
          {row.general.is_published === 1 ? (
            <RowAction
              label={LABEL.unpublish}
              name={row.general.name}
              confirm={MSG.unpublishInstanceConfirm}
              busy={publish.isPending && publish.variables?.id === row._id}
              onClick={() => publish.mutate({ id: row._id, is_published: 0 })}
            />
          ) : (
            <RowAction
              label={LABEL.publish}
              name={row.general.name}
              busy={publish.isPending && publish.variables?.id === row._id}
              onClick={() => publishRow(row._id)}
            />
          )}
          <RowAction
            label={LABEL.duplicate}
            name={row.general.name}
            confirm={MSG.duplicateInstanceConfirm}
            onClick={() => duplicate.mutate(row._id)}
          />
          <RowAction
            label={LABEL.delete}
            name={row.general.name}
            danger
            confirm={MSG.deleteInstanceConfirm}
            onClick={() => remove.mutate(row._id)}
          />
        </Space>
      ),
    },
  ];

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
          name: textFilter(filters, 'name'),
          is_published: scope.kind !== 'client' ? publishedFilter(filters) : undefined,
          brand_id: scope.brandId,
        })
      }
      columns={columns}
      index={scope.kind === 'client' ? '#' : 'Index'}
      notice={<PendingBrandNote text={MSG.publishAwaitsBrand} testId="publish-awaits-brand" />}
      create={{ label: LABEL.newInstance, onClick: () => setCreating(true) }}
      testId="instance-list"
    >
      <InstanceDialog scope={scope} open={creating} onClose={() => setCreating(false)} />
      <Modal
        open={previewing !== null}
        title={`${LABEL.preview} ${previewing?.general.name ?? ''}`}
        onCancel={() => setPreviewing(null)}
        footer={[
          <Button key="cancel" onClick={() => setPreviewing(null)}>
            {LABEL.cancel}
          </Button>,
          <Button
            key="preview"
            type="primary"
            onClick={() => {
              if (previewing) previewInstance(previewing._id, token);
              setPreviewing(null);
            }}
          >
            {LABEL.previewAnyway}
          </Button>,
        ]}
      >
        {previewing && (
          <div data-testid="preview-hidden-products">
            {showsNoProduct(previewing) && <p>{MSG.previewNoProduct}</p>}
            <p>{MSG.previewHiddenProducts}</p>
            <ul>
              {hiddenActiveProducts(previewing).map((p) => (
                <li key={p.product_id}>
                  {p.name}{' '}
                  <HiddenProductNote
                    product={p}
                    brandId={previewing.brand_id}
                    productEditPath={scope.productEditPath}
                    onFollow={() => setPreviewing(null)}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
      </Modal>
    </ListPage>
  );
}
