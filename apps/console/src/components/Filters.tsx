import { Form, Select } from 'antd';
import type { ReactNode } from 'react';

/**
 * A row of filters that apply as soon as they change (no Search button: the statistics screens, a mobile
 * instance's products), laid out as ListPage's filters row. `className` adds the screen's own.
 */
export function FilterRow({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Form
      layout="inline"
      className={className ? `list-page__filters ${className}` : 'list-page__filters'}
      component="div"
    >
      {children}
    </Form>
  );
}

/** A labelled select of a `FilterRow`, its value held by the screen; `search` filters the options by label. */
export function SelectFilter<V extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
  width,
  loading,
  search = false,
}: {
  id: string;
  label: string;
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  width: number;
  loading?: boolean;
  search?: boolean;
}) {
  return (
    <Form.Item label={label} htmlFor={id}>
      <Select<V>
        id={id}
        value={value}
        options={options}
        onChange={onChange}
        showSearch={search ? { optionFilterProp: 'label' } : undefined}
        loading={loading}
        style={{ width }}
      />
    </Form.Item>
  );
}
