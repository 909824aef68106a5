import { Form, type FormInstance } from 'antd';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { TabFrame } from './TabFrame.tsx';
import { type TabFormOptions, useTabForm } from './useTabForm.ts';

type FormTabOptions<F, T> = Omit<TabFormOptions<T>, 'initial' | 'read' | 'validate' | 'form'> & {
  /** The fields as the record was loaded (taken once, when the tab mounts). */
  fields: () => F;
  /** The value a save sends, made of the fields. */
  toValue: (fields: F) => T;
};

/**
 * A tab that is one antd form (General, Price, Tech Specs, Buy Button, the frequency bands): `useTabForm` given the
 * form, its checks and its reading, so a form tab names only its fields, how they become the saved value and the
 * save. Hand the answer to `FormTabFrame`.
 */
export function useFormTab<F, T>({ fields, toValue, ...options }: FormTabOptions<F, T>) {
  const [form] = Form.useForm<F>();
  const [initial] = useState(fields);
  const tab = useTabForm<T>({
    ...options,
    initial: () => toValue(initial),
    read: () => toValue(form.getFieldsValue(true) as F),
    validate: () => form.validateFields(),
    form,
  });
  return { ...tab, form, initial };
}

/** The tab's frame (heading, SAVE CHANGES, CANCEL where given) around its vertical antd form. */
export function FormTabFrame<F>({
  tab,
  name,
  after,
  children,
  ...frame
}: {
  tab: { form: FormInstance<F>; initial: F; submit: () => Promise<boolean>; refresh: () => void; saving: boolean };
  /** The form's name (its fields' ids start with it). */
  name: string;
  /** Inside the frame, below the form (read-only codes to copy). */
  after?: ReactNode;
  children: ReactNode;
} & Omit<ComponentProps<typeof TabFrame>, 'children' | 'onSave'>) {
  return (
    <TabFrame onSave={() => void tab.submit()} saving={tab.saving} {...frame}>
      <Form<F>
        form={tab.form}
        name={name}
        layout="vertical"
        initialValues={tab.initial as object}
        onValuesChange={tab.refresh}
      >
        {children}
      </Form>
      {after}
    </TabFrame>
  );
}
