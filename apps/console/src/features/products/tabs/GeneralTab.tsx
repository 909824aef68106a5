import { LABEL, MSG, type Product, type ProductUpdate } from '@atk/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { CategoryFields, sideBySide } from '../../../components/CategoryFields.tsx';
import { FormTabFrame, useFormTab } from '../../../components/FormTab.tsx';
import { STATUS_OPTIONS } from '../../../components/status.ts';
import { type TabProps, useSaveSection } from '../context.ts';

interface GeneralForm {
  name: string;
  model: string;
  is_published: 0 | 1;
  category_id: string | null;
  sub_category_id: string | null;
  brand_name: string;
}

const toForm = (p: Product): GeneralForm => ({
  name: p.general.name,
  model: p.general.model ?? '',
  is_published: p.general.is_published,
  category_id: p.general.category_id,
  sub_category_id: p.general.sub_category_id,
  brand_name: p.general.brand_name,
});

function toContent(v: Partial<GeneralForm>, p: Product, admin: boolean) {
  const content: Extract<ProductUpdate, { type: 'general' }>['content'] = {
    name: (v.name ?? '').trim(),
    model: v.model?.trim() || null,
    is_published: v.is_published === 1 ? 1 : 0,
    // A missing category goes as '' so the server names the field (docs/api.md "Products").
    category_id: v.category_id || '',
    sub_category_id: v.sub_category_id || null,
  };
  if (admin) content.brand_id = p.general.brand_id;
  return content;
}

/** General: name, model, status, category, sub category, brand name (read-only). */
export function GeneralTab({ product, scope, binding }: TabProps) {
  const section = useSaveSection(scope, product._id);
  const tab = useFormTab({
    binding,
    fields: () => toForm(product),
    toValue: (fields: GeneralForm) => toContent(fields, product, scope.admin),
    save: (content) => section.save({ type: 'general', content }),
    saving: section.saving,
  });
  const { form, refresh } = tab;

  return (
    <FormTabFrame tab={tab} name="product-general" title={LABEL.tabGeneral} testId="tab-general">
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: MSG.nameRequired }]}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="model" label="Model">
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="is_published" label="Status">
            <Select options={STATUS_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="brand_name" label="Brand name">
            <Input readOnly variant="filled" aria-readonly="true" />
          </Form.Item>
        </Col>
        <CategoryFields form={form} admin={scope.admin} onCleared={refresh} layout={sideBySide} required />
      </Row>
    </FormTabFrame>
  );
}
