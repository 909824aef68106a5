import { type Brand, type BrandCreate, LABEL, MSG } from '@atk/contract';
import { useSave } from '../../api/useSave.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { NameStatusFields } from '../../components/RecordFields.tsx';
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
      <NameStatusFields />
    </FormDialog>
  );
}
