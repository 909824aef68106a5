import { LABEL } from '@atk/contract';
import { App, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../api/client.ts';
import { clearFieldErrors } from '../api/fieldErrors.ts';
import { type SaveOptions, useSave } from '../api/useSave.ts';
import { useFirstFieldFocus } from './useFirstFieldFocus.ts';

export interface FormDialogProps<T extends object> {
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
}

/**
 * The one dialog of a form (New X / Edit X): Save submits it, the dialog shows progress and closes once
 * `onSubmit` resolves; a rejection (a `useSave` whose server refused the input) or `false` keeps it open with what
 * was typed, and each field the server refused shows why under it. It opens with focus in its first field. Width 30% unless told (docs/architecture.md
 * "One way to write a console screen", Lists).
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
}: FormDialogProps<T>) {
  const [form] = Form.useForm<T>();
  const [busy, setBusy] = useState(false);
  const firstField = useFirstFieldFocus();

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
      afterOpenChange={firstField.afterOpenChange}
      destroyOnHidden
    >
      <div ref={firstField.ref}>
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
      </div>
    </Modal>
  );
}

/**
 * The usual dialog: a `FormDialog` (open unless told) whose Save is a `useSave` of `save`, with its success toast and
 * reloads. `warn` checks what was typed before any call: a warning it returns is shown and the dialog stays open.
 */
export function SaveDialog<T extends object, Data = unknown>({
  open = true,
  save,
  success,
  invalidate,
  onSaved,
  warn,
  ...dialog
}: Omit<FormDialogProps<T>, 'open' | 'onSubmit'> &
  Pick<SaveOptions<T, Data>, 'save' | 'success' | 'invalidate' | 'onSaved'> & {
    open?: boolean;
    warn?: (values: T) => string | undefined;
  }) {
  const { message } = App.useApp();
  const saving = useSave({ save, success, invalidate, onSaved });
  const submit = (values: T) => {
    const warning = warn?.(values);
    if (!warning) return saving.mutateAsync(values);
    message.warning(warning);
    return Promise.resolve(false);
  };
  return <FormDialog<T> {...dialog} open={open} onSubmit={submit} />;
}

/** What the screen gives a dialog that both creates a record and edits one (a product's songs and sources). */
export interface NewEditDialogProps<Fields, Body = Fields> {
  open: boolean;
  mode: 'new' | 'edit';
  initial?: Fields;
  /** Resolves true when saved (the dialog then closes); rejects with a refusal, whose fields show under them. */
  onSubmit: (body: Body) => Promise<boolean>;
  onClose: () => void;
}

/**
 * A `FormDialog` 770 px wide that creates (`mode` new, from `empty`) or edits (from `initial`) a record: its title
 * and form name follow the mode (`{name}-new`, `{name}-edit`), and `toBody` makes what is sent of what was typed.
 */
export function NewEditDialog<Fields extends object, Body>({
  open,
  mode,
  initial,
  onSubmit,
  onClose,
  titles,
  name,
  empty,
  toBody,
  children,
}: NewEditDialogProps<Fields, Body> & {
  titles: Record<'new' | 'edit', string>;
  name: string;
  empty: Fields;
  toBody: (values: Fields) => Body;
  children: ReactNode;
}) {
  return (
    <FormDialog<Fields>
      open={open}
      title={titles[mode]}
      name={`${name}-${mode}`}
      width={770}
      initialValues={initial ?? empty}
      onSubmit={(values) => onSubmit(toBody(values))}
      onClose={onClose}
    >
      {children}
    </FormDialog>
  );
}
