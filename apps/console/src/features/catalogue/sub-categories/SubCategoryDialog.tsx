import { LABEL, MSG, type SubCategory, type SubCategoryCreate } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useSave } from '../../../api/useSave.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { NameStatusFields } from '../../../components/RecordFields.tsx';
import { catalogueKeys, categoriesApi, subCategoriesApi } from '../api.ts';

/**
 * New Sub Category (spec 2 §2): name, category (a picker of the first 100 categories, spec 2 §9) and status; from a
 * category's edit page the category is that one. Edit Sub Category (the category's edit page): name and status.
 * Nothing is checked in the browser (spec 2 §5); the dialog closes and the lists reload.
 */
export function SubCategoryDialog({
  subCategory,
  categoryId,
  onClose,
}: {
  subCategory: SubCategory | 'new';
  /** The category a new sub category goes to (a category's edit page); else the operator picks it. */
  categoryId?: string;
  onClose: () => void;
}) {
  const editing = subCategory !== 'new';
  const categories = useQuery({
    queryKey: catalogueKeys.categoryPicker(),
    queryFn: categoriesApi.picker,
    enabled: !editing && !categoryId,
  });
  const save = useSave({
    save: (fields: SubCategoryCreate) =>
      editing
        ? subCategoriesApi.update(subCategory._id, { name: fields.name, is_published: fields.is_published })
        : subCategoriesApi.create({ ...fields, category_id: categoryId ?? fields.category_id }),
    success: editing ? MSG.updateSubCategorySuccess : MSG.createSubCategorySuccess,
    invalidate: [catalogueKeys.subCategories],
  });
  return (
    <FormDialog<SubCategoryCreate>
      open
      title={editing ? LABEL.editSubCategory : LABEL.newSubCategory}
      name="sub-category-dialog"
      initialValues={editing ? { name: subCategory.name, is_published: subCategory.is_published } : { is_published: 0 }}
      onSubmit={save.mutateAsync}
      onClose={onClose}
    >
      <NameStatusFields />
      {!editing && !categoryId && (
        <Form.Item name="category_id" label="Category">
          <Select
            showSearch={{
              filterOption: (input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.trim().toLowerCase()),
            }}
            loading={categories.isFetching}
            options={(categories.data?.list ?? []).map((c) => ({ value: c._id, label: c.name }))}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
