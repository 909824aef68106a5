import { type InstanceCreate, LABEL, MSG } from '@atk/contract';
import { Form, Input } from 'antd';
import { useSave } from '../../api/useSave.ts';
import { CategoryFields } from '../../components/CategoryFields.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { NAME_RULES } from '../../components/RecordFields.tsx';
import { instanceKeys, instancesApi } from './api.ts';
import type { InstanceScope } from './scope.ts';

interface InstanceForm {
  category_id?: string | null;
  sub_category_id?: string | null;
  name?: string;
}

/**
 * The New Instance / Edit Instance dialog: Category, Sub Category (reloaded when the category
 * changes, then cleared), Name; Save and CANCEL; width 30%. The name is required (a
 * nameless row cannot be told apart; the server refuses it too; docs/api.md "Instances and subscriptions"). After a create: 'Create instance success', the
 * dialog closes, the list reloads ~100 ms later.
 */
export function InstanceDialog({
  scope,
  open,
  onClose,
  instance,
}: {
  scope: InstanceScope;
  open: boolean;
  onClose: () => void;
  /** Edit Instance: the instance whose general part is edited. */
  instance?: { _id: string; general: InstanceForm & { is_published?: 0 | 1; website?: string | null } };
}) {
  const save = useSave({
    save: (values: InstanceForm) => {
      const general: InstanceCreate = {
        name: (values.name ?? '').trim(),
        category_id: values.category_id || null,
        sub_category_id: values.sub_category_id || null,
      };
      if (scope.admin && scope.brandId) general.brand_id = scope.brandId;
      return instance
        ? instancesApi.update(scope.admin, instance._id, {
            general: {
              ...general,
              is_published: instance.general.is_published ?? 0,
              website: instance.general.website ?? null,
            },
          })
        : instancesApi.create(scope.admin, general);
    },
    success: instance ? MSG.updateSuccess : MSG.createInstanceSuccess,
    invalidate: [instanceKeys.all],
  });

  return (
    <FormDialog<InstanceForm>
      open={open}
      title={instance ? LABEL.editInstance : LABEL.newInstance}
      name="instance-dialog"
      width="30%"
      minWidth={380}
      initialValues={{
        category_id: instance?.general.category_id ?? null,
        sub_category_id: instance?.general.sub_category_id ?? null,
        name: instance?.general.name ?? '',
      }}
      onSubmit={save.mutateAsync}
      onClose={onClose}
    >
      {(form) => (
        <>
          <CategoryFields form={form} admin={scope.admin} />
          <Form.Item name="name" label="Name" rules={NAME_RULES}>
            <Input maxLength={200} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
