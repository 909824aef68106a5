import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { Form, Result } from 'antd';
import type { ReactNode } from 'react';
import { useSave } from '../api/useSave.ts';
import { EDIT_FORM_LAYOUT, EditFrame } from './EditFrame.tsx';
import { PageSpinner } from './PageSpinner.tsx';

export interface RecordEditPageProps<T, F> {
  /** The record's read: a spinner while it loads, its error as a warning when it cannot be read. */
  record: UseQueryResult<T, Error>;
  title: string;
  subtitle: (data: T) => ReactNode;
  /** Where CANCEL leads when there is no page to go back to. */
  fallback: string | ((data: T) => string);
  /** The form's name and the page's test id. */
  name: string;
  /**
   * The record's version (its `updated_at`): when a save reloads the record with a new one, the form starts
   * again from what was saved. Without it the form keeps what the operator typed.
   */
  version?: (data: T) => string;
  initial: (data: T) => F;
  save: (fields: F, data: T) => Promise<unknown>;
  success: string;
  invalidate: QueryKey[];
  /** The form's fields (inside the antd Form: `Form.useFormInstance()` reaches it). */
  fields: (data: T) => ReactNode;
  /** Below the form (the record's children: sub categories, songs, instruments). */
  children?: (data: T) => ReactNode;
}

/**
 * An edit page of one record in a single form (CATEGORY EDIT, PLAN EDIT, CUSTOMER EDIT…): the record's read, the
 * `EditFrame` with its fields, SAVE CHANGES through `useSave` (the fields the server refuses show in red under
 * them, docs/api.md "Refused fields"), and whatever the page lists below. Each page gives only its own: the read,
 * the fields, the call and the texts.
 */
export function RecordEditPage<T, F>(props: RecordEditPageProps<T, F>) {
  const { record, version, children } = props;
  if (record.isPending) return <PageSpinner />;
  if (record.error) return <Result status="warning" title={record.error.message} />;
  const data = record.data as T;
  return (
    <>
      <RecordForm key={version?.(data)} {...props} data={data} />
      {children?.(data)}
    </>
  );
}

function RecordForm<T, F>({
  data,
  title,
  subtitle,
  fallback,
  name,
  initial,
  save,
  success,
  invalidate,
  fields,
}: RecordEditPageProps<T, F> & { data: T }) {
  const [form] = Form.useForm<F>();
  const saving = useSave({ form, save: (sent: F) => save(sent, data), success, invalidate });
  return (
    <EditFrame
      title={title}
      subtitle={subtitle(data)}
      fallback={typeof fallback === 'function' ? fallback(data) : fallback}
      onSave={() => form.submit()}
      saving={saving.isPending}
      testId={name}
    >
      <Form<F>
        form={form}
        name={name}
        {...EDIT_FORM_LAYOUT}
        initialValues={initial(data) as object}
        onFinish={(sent) => saving.mutate(sent)}
      >
        {fields(data)}
      </Form>
    </EditFrame>
  );
}
