import { LABEL } from '@atk/contract';
import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../api/client.ts';
import { clearFieldErrors } from '../api/fieldErrors.ts';

/**
 * The one dialog of a form (New X / Edit X): Save submits it, the dialog shows progress and closes once
 * `onSubmit` resolves; a rejection (a `useSave` whose server refused the input) or `false` keeps it open with what
 * was typed, and each field the server refused shows why under it. Width 30% unless told (spec 2 §9).
 */
export function FormDialog<T extends object>({
  open,
  title,
  name,
  width = '30%',
  minWidth = 380,
  initialValues,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  name: string;
  width?: number | string;
  minWidth?: number;
  initialValues: Partial<T>;
  /** Usually `save.mutateAsync` of a `useSave`. */
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  /** The fields; a function when they need the form itself (e.g. CategoryFields). */
  children: ReactNode | ((form: FormInstance<T>) => ReactNode);
}) {
  const [form] = Form.useForm<T>();
  const [busy, setBusy] = useState(false);

  const finish = async (values: T) => {
    setBusy(true);
    clearFieldErrors(form);
    try {
      if ((await onSubmit(values)) !== false) onClose();
    } catch (e) {
      // refused: the dialog keeps what was typed, and the refused fields show their errors (the toast the rest)
      if (isApiError(e)) e.refused?.show(form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      style={minWidth ? { minWidth } : undefined}
      okText={LABEL.save}
      cancelText={LABEL.cancel}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<T>
        form={form}
        name={name}
        layout="vertical"
        initialValues={initialValues as T}
        // a dialog that stays mounted while closed (open toggled) starts from its initial values each time it opens,
        // not from what was typed into it last time (the next New Song showed the previous song's name)
        clearOnDestroy
        onFinish={(v) => void finish(v)}
      >
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}
