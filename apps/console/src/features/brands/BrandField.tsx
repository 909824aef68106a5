import { MSG } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { brandKeys, brandsApi } from './api.ts';

/**
 * The brand a new record goes to (Send Invitation, an operator's New Product), required: every brand of the
 * operators' picker, searchable by name.
 */
export function BrandField() {
  const brands = useQuery({ queryKey: brandKeys.adminPicker(), queryFn: brandsApi.adminPicker, staleTime: 60_000 });
  return (
    <Form.Item name="brand_id" label="Brand" rules={[{ required: true, message: MSG.selectBrand }]}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        loading={brands.isFetching}
        options={(brands.data?.list ?? []).map((b) => ({ value: b._id, label: b.name }))}
      />
    </Form.Item>
  );
}
