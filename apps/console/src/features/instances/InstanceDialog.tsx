import { LABEL, MSG } from '@atk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { reportError } from '../../api/client.ts';
import { type InstanceCreate, instancesApi, queryKeys } from '../../api/endpoints.ts';
import { CategoryFields } from '../../components/CategoryFields.tsx';
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
  const [form] = Form.useForm<InstanceForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const submit = async (values: InstanceForm) => {
    const general: InstanceCreate = {
      name: (values.name ?? '').trim(),
      category_id: values.category_id || null,
      sub_category_id: values.sub_category_id || null,
    };
    if (scope.admin && scope.brandId) general.brand_id = scope.brandId;
    setBusy(true);
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
      onClose();
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.instances }), RELOAD_DELAY_MS);
    } catch (e) {
      reportError(message.error, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={instance ? LABEL.editInstance : LABEL.newInstance}
      width="30%"
      style={{ minWidth: 380 }}
      okText={LABEL.save}
      cancelText={LABEL.cancel}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<InstanceForm>
        form={form}
        name="instance-dialog"
        layout="vertical"
        initialValues={{
          category_id: instance?.general.category_id ?? null,
          sub_category_id: instance?.general.sub_category_id ?? null,
          name: instance?.general.name ?? '',
        }}
        onFinish={(v) => void submit(v)}
      >
        <CategoryFields form={form} admin={scope.admin} />
        <Form.Item name="name" label="Name">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
