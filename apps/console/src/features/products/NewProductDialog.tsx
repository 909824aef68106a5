import { LABEL, MSG, type ProductCreate } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { CategoryFields } from '../../components/CategoryFields.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { STATUS_OPTIONS } from '../../components/status.ts';
import { brandKeys, brandsApi } from '../brands/api.ts';
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
 * The New Product modal (spec 3 §2, spec 2 §4): name, model, status, category, sub category, and for operators
 * over every brand the brand. A created product opens in its edit page.
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

  const brands = useQuery({
    queryKey: brandKeys.adminPicker(),
    queryFn: brandsApi.adminPicker,
    enabled: open && chooseBrand,
    staleTime: 60_000,
  });

  const create = useSave({
    save: (values: NewProductForm) => {
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
    },
    success: MSG.createProductSuccess,
    invalidate: [productKeys.lists()],
    onSaved: (product) => navigate(scope.editPath(product._id)),
  });

  return (
    <FormDialog<NewProductForm>
      open={open}
      title={LABEL.newProduct}
      name="new-product"
      width="30%"
      minWidth={380}
      initialValues={{ is_published: 0 }}
      onSubmit={create.mutateAsync}
      onClose={onClose}
    >
      {(form) => (
        <>
          {chooseBrand && (
            <Form.Item name="brand_id" label="Brand" rules={[{ required: true, message: MSG.selectBrand }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={brands.isFetching}
                options={(brands.data?.list ?? []).map((b) => ({ value: b._id, label: b.name }))}
              />
            </Form.Item>
          )}
          <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: MSG.nameRequired }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="model" label="Model">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="is_published" label="Status">
            <Select options={STATUS_OPTIONS} />
          </Form.Item>
          <CategoryFields form={form} admin={scope.admin} required />
        </>
      )}
    </FormDialog>
  );
}
