import { type Category, type CategoryCreate, LABEL, MSG } from '@atk/contract';
import { useSave } from '../../../api/useSave.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { NameStatusFields } from '../../../components/RecordFields.tsx';
import { catalogueKeys, categoriesApi } from '../api.ts';

/**
 * New Category (spec 2 §2 /global/categories): name and status, Pending unless chosen (spec 2 §4). Nothing is
 * checked in the browser (spec 2 §5): the server's msg is shown. The dialog closes and the list reloads.
 */
export function CategoryDialog({ category, onClose }: { category: Category | 'new'; onClose: () => void }) {
  const editing = category !== 'new';
  const save = useSave({
    save: (fields: CategoryCreate) =>
      editing ? categoriesApi.update(category._id, fields) : categoriesApi.create(fields),
    success: editing ? MSG.updateCategorySuccess : MSG.createCategorySuccess,
    invalidate: [catalogueKeys.categories],
  });
  return (
    <FormDialog<CategoryCreate>
      open
      title={editing ? LABEL.editCategory : LABEL.newCategory}
      name="category-dialog"
      initialValues={editing ? { name: category.name, is_published: category.is_published } : { is_published: 0 }}
      onSubmit={save.mutateAsync}
      onClose={onClose}
    >
      <NameStatusFields />
    </FormDialog>
  );
}
