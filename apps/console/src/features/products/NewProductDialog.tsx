import { LABEL, MSG } from '@atk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { type ApiError, reportError } from '../../api/client.ts';
import { type ProductCreate, pickersApi, productsApi, queryKeys } from '../../api/endpoints.ts';
import { CategoryFields } from '../../components/CategoryFields.tsx';
import type { ProductScope } from './scope.ts';
import { STATUS_OPTIONS } from './texts.ts';

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
  const [form] = Form.useForm<NewProductForm>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const chooseBrand = scope.kind === 'all';

  const brands = useQuery({
    queryKey: queryKeys.adminBrandsPicker,
    queryFn: pickersApi.adminBrands,
    enabled: open && chooseBrand,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (brands.error) console.warn('brands load failed:', brands.error.message);
  }, [brands.error]);

  const create = useMutation<{ _id: string }, ApiError, ProductCreate>({
    mutationFn: (general) => productsApi.create(scope.admin, general),
    onSuccess: (product) => {
      message.success(MSG.createProductSuccess);
      void queryClient.invalidateQueries({ queryKey: queryKeys.products });
      onClose();
      navigate(scope.editPath(product._id));
    },
    onError: (e) => reportError(message.error, e),
  });

  const submit = (values: NewProductForm) => {
    const general: ProductCreate = {
      name: values.name.trim(),
      model: values.model?.trim() || null,
      is_published: values.is_published ?? 0,
      category_id: values.category_id || null,
      sub_category_id: values.sub_category_id || null,
    };
    const brandId = chooseBrand ? values.brand_id : scope.brandId;
    if (scope.admin && brandId) general.brand_id = brandId;
    create.mutate(general);
  };

  return (
    <Modal
      open={open}
      title={LABEL.newProduct}
      width="30%"
      style={{ minWidth: 380 }}
      okText={LABEL.save}
      cancelText={LABEL.cancel}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<NewProductForm>
        form={form}
        name="new-product"
        layout="vertical"
        initialValues={{ is_published: 0 }}
        onFinish={submit}
      >
        {chooseBrand && (
          <Form.Item name="brand_id" label="Brand" rules={[{ required: true, message: MSG.selectBrand }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={brands.isFetching}
              options={(brands.data?.list ?? []).map((b) => ({ value: b._id, label: b.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="model" label="Model">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="is_published" label="Status">
          <Select options={STATUS_OPTIONS} />
        </Form.Item>
        <CategoryFields form={form} admin={scope.admin} />
      </Form>
    </Modal>
  );
}
