import { LABEL } from '@atk/contract';
import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

/**
 * A modal holding one form: Save submits it, the dialog shows progress and closes once `onSubmit` resolves true
 * (false keeps it open, e.g. after the server refused the input).
 */
export function FormDialog<T extends object>({
  open,
  title,
  name,
  width,
  minWidth,
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
  onSubmit: (values: T) => Promise<boolean>;
  onClose: () => void;
  /** The fields; a function when they need the form itself (e.g. CategoryFields). */
  children: ReactNode | ((form: FormInstance<T>) => ReactNode);
}) {
  const [form] = Form.useForm<T>();
  const [busy, setBusy] = useState(false);

  const finish = async (values: T) => {
    setBusy(true);
    try {
      if (await onSubmit(values)) onClose();
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
        onFinish={(v) => void finish(v)}
      >
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}
