import { LABEL, MSG, type ProductCreate } from '@atk/contract';
import { Form, Select } from 'antd';
import { useNavigate } from 'react-router';
import { CategoryFields } from '../../components/CategoryFields.tsx';
import { SaveDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/RecordFields.tsx';
import { STATUS_OPTIONS } from '../../components/status.ts';
import { BrandField } from '../brands/BrandField.tsx';
import { productKeys, productsApi } from './api.ts';
import type { ProductScope } from './scope.ts';

interface NewProductForm {
  name: string;
  model?: string;
  is_published: 0 | 1;
  category_id?: string | null;
  sub_category_id?: string | null;
  brand_id?: string;
}

/**
 * The New Product modal (docs/api.md "Brand content"): name, model, status, category, sub category, and for
 * operators over every brand the brand. A created product opens in its edit page.
 */
export function NewProductDialog({
  scope,
  open,
  onClose,
}: {
  scope: ProductScope;
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const chooseBrand = scope.kind === 'all';
  return (
    <SaveDialog<NewProductForm, Awaited<ReturnType<typeof productsApi.create>>>
      open={open}
      title={LABEL.newProduct}
      name="new-product"
      width="30%"
      minWidth={380}
      initialValues={{ is_published: 0 }}
      save={(values) => {
        const general: ProductCreate = {
          name: values.name.trim(),
          model: values.model?.trim() || null,
          is_published: values.is_published ?? 0,
          // A missing category goes as '' so the server names the field (docs/api.md "Products").
          category_id: values.category_id || '',
          sub_category_id: values.sub_category_id || null,
        };
        const brandId = chooseBrand ? values.brand_id : scope.brandId;
        if (scope.admin && brandId) general.brand_id = brandId;
        return productsApi.create(scope.admin, general);
      }}
      success={MSG.createProductSuccess}
      invalidate={[productKeys.lists()]}
      onSaved={(product) => navigate(scope.editPath(product._id))}
      onClose={onClose}
    >
      {(form) => (
        <>
          {chooseBrand && <BrandField />}
          <TextField
            name="name"
            label="Name"
            rules={[{ required: true, whitespace: true, message: MSG.nameRequired }]}
          />
          <TextField name="model" label="Model" />
          <Form.Item name="is_published" label="Status">
            <Select options={STATUS_OPTIONS} />
          </Form.Item>
          <CategoryFields form={form} admin={scope.admin} required />
        </>
      )}
    </SaveDialog>
  );
}
