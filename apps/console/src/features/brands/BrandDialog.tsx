import { type Brand, type BrandCreate, LABEL, MSG } from '@atk/contract';
import { NameStatusDialog } from '../../components/NameStatusDialog.tsx';
import { brandKeys, brandsApi } from './api.ts';

/** New Brand / Edit Brand: name and status; the brand name is not checked. */
export function BrandDialog({ brand, onClose }: { brand: Brand | 'new'; onClose: () => void }) {
  return (
    <NameStatusDialog<BrandCreate, Brand>
      record={brand}
      titles={{ create: LABEL.newBrand, update: LABEL.editBrand }}
      name="brand-dialog"
      create={brandsApi.create}
      update={brandsApi.update}
      success={{ create: MSG.createBrandSuccess, update: MSG.updateBrandSuccess }}
      invalidate={brandKeys.all}
      onClose={onClose}
    />
  );
}
