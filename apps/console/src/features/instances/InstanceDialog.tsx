import { type InstanceCreate, LABEL, MSG } from '@atk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { reportError } from '../../api/client.ts';
import { CategoryFields } from '../../components/CategoryFields.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { instanceKeys, instancesApi } from './api.ts';
import type { InstanceScope } from './scope.ts';

interface InstanceForm {
  category_id?: string | null;
  sub_category_id?: string | null;
  name?: string;
}

/** Lists and modals reload about 100 ms after a successful create or update (spec 3 §4, §9). */
export const RELOAD_DELAY_MS = 100;

/**
 * The New Instance / Edit Instance dialog (spec 3 §2): Category, Sub Category (reloaded when the category
 * changes, then cleared), Name; Save and CANCEL; width 30%. The name has no client-side required check
 * (spec 3 §5). After a create: 'Create instance success', the dialog closes, the list reloads ~100 ms later.
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
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  const submit = async (values: InstanceForm): Promise<boolean> => {
    const general: InstanceCreate = {
      name: (values.name ?? '').trim(),
      category_id: values.category_id || null,
      sub_category_id: values.sub_category_id || null,
    };
    if (scope.admin && scope.brandId) general.brand_id = scope.brandId;
    try {
      if (instance) {
        await instancesApi.update(scope.admin, instance._id, {
          general: {
            ...general,
            is_published: instance.general.is_published ?? 0,
            website: instance.general.website ?? null,
          },
        });
        message.success(MSG.updateSuccess);
      } else {
        await instancesApi.create(scope.admin, general);
        message.success(MSG.createInstanceSuccess);
      }
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: instanceKeys.all }), RELOAD_DELAY_MS);
      return true;
    } catch (e) {
      reportError(message.error, e);
      return false;
    }
  };

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
      onSubmit={submit}
      onClose={onClose}
    >
      {(form) => (
        <>
          <CategoryFields form={form} admin={scope.admin} />
          <Form.Item name="name" label="Name">
            <Input maxLength={200} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
