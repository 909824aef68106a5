import { type Category, type CategoryCreate, LABEL, MSG } from '@atk/contract';
import { NameStatusDialog } from '../../../components/NameStatusDialog.tsx';
import { catalogueKeys, categoriesApi } from '../api.ts';

/** New Category (/global/categories): name and status. */
export function CategoryDialog({ category, onClose }: { category: Category | 'new'; onClose: () => void }) {
  return (
    <NameStatusDialog<CategoryCreate, Category>
      record={category}
      titles={{ create: LABEL.newCategory, update: LABEL.editCategory }}
      name="category-dialog"
      create={categoriesApi.create}
      update={categoriesApi.update}
      success={{ create: MSG.createCategorySuccess, update: MSG.updateCategorySuccess }}
      invalidate={catalogueKeys.categories}
      onClose={onClose}
    />
  );
}
