import { useQuery } from '@tanstack/react-query';
import { Col, Form, type FormInstance, Select } from 'antd';
import type { ReactNode } from 'react';
import { pickerKeys, pickersApi } from '../api/pickers.ts';

/** A searchable select's match: the option's label holds what was typed, whatever the case. */
export const byName = (input: string, option?: { label?: unknown }) =>
  String(option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());

/** A layout for CategoryFields inside a form's `<Row>`: the two selects side by side on wide screens. */
export const sideBySide = (category: ReactNode, subCategory: ReactNode) => (
  <>
    <Col xs={24} md={12}>
      {category}
    </Col>
    <Col xs={24} md={12}>
      {subCategory}
    </Col>
  </>
);

/**
 * Category and Sub Category selects: changing the category clears the sub category and
 * reloads the sub categories of the new one. Both lists load up to 1000 entries; load failures are only logged.
 */
export function CategoryFields({
  form,
  admin,
  category = 'category_id',
  subCategory = 'sub_category_id',
  onCleared,
  required = false,
  layout = (a, b) => (
    <>
      {a}
      {b}
    </>
  ),
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form that has the two fields
  form: FormInstance<any>;
  admin: boolean;
  category?: string;
  subCategory?: string;
  /** Called after the sub category was cleared by a category change. */
  onCleared?: () => void;
  /** Marks the category as required (a product's, docs/api.md "Products"). The server says when it is missing:
   * catalogue forms show the server's message rather than a check of their own. */
  required?: boolean;
  /** Places the two fields (default: one under the other). */
  layout?: (category: ReactNode, subCategory: ReactNode) => ReactNode;
}) {
  const categoryId = Form.useWatch(category, form) as string | null | undefined;
  const categories = useQuery({
    queryKey: pickerKeys.categories(admin),
    queryFn: () => pickersApi.categories(admin),
    staleTime: 60_000,
  });
  const subCategories = useQuery({
    queryKey: pickerKeys.subCategories(admin, categoryId),
    queryFn: () => pickersApi.subCategories(admin, categoryId as string),
    enabled: Boolean(categoryId),
    staleTime: 60_000,
  });

  return layout(
    <Form.Item name={category} label="Category" required={required}>
      <Select
        aria-required={required || undefined}
        allowClear
        showSearch={{ filterOption: byName }}
        loading={categories.isFetching}
        options={(categories.data?.list ?? []).map((c) => ({ value: c._id, label: c.name }))}
        onChange={() => {
          form.setFieldValue(subCategory, null);
          onCleared?.();
        }}
      />
    </Form.Item>,
    <Form.Item name={subCategory} label="Sub Category">
      <Select
        allowClear
        showSearch={{ filterOption: byName }}
        disabled={!categoryId}
        loading={subCategories.isFetching}
        options={(categoryId ? (subCategories.data?.list ?? []) : []).map((c) => ({ value: c._id, label: c.name }))}
      />
    </Form.Item>,
  );
}
