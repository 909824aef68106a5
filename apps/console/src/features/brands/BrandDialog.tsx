import { type Brand, type BrandCreate, LABEL, MSG } from '@atk/contract';
import { Form, Input, Select } from 'antd';
import { useSave } from '../../api/useSave.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { STATUS_OPTIONS } from '../../components/status.ts';
import { brandKeys, brandsApi } from './api.ts';

/**
 * New Brand / Edit Brand (spec 2 §2 Brands list): name and status. The brand name is not checked in the browser
 * (spec 2 §5): the server's msg is shown. After the save the dialog closes and the list reloads.
 */
export function BrandDialog({ brand, onClose }: { brand: Brand | 'new'; onClose: () => void }) {
  const editing = brand !== 'new';
  const save = useSave({
    save: (fields: BrandCreate) => (editing ? brandsApi.update(brand._id, fields) : brandsApi.create(fields)),
    success: editing ? MSG.updateBrandSuccess : MSG.createBrandSuccess,
    invalidate: [brandKeys.all],
  });
  return (
    <FormDialog<BrandCreate>
      open
      title={editing ? LABEL.editBrand : LABEL.newBrand}
      name="brand-dialog"
      initialValues={editing ? { name: brand.name, is_published: brand.is_published } : { is_published: 0 }}
      onSubmit={save.mutateAsync}
      onClose={onClose}
    >
      <Form.Item name="name" label="Name">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="is_published" label={LABEL.status}>
        <Select options={STATUS_OPTIONS} />
      </Form.Item>
    </FormDialog>
  );
}
