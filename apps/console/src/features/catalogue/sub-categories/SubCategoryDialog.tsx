import { LABEL, MSG, type SubCategory, type SubCategoryCreate } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { byName } from '../../../components/CategoryFields.tsx';
import { NameStatusDialog } from '../../../components/NameStatusDialog.tsx';
import { catalogueKeys, categoriesApi, subCategoriesApi } from '../api.ts';

/**
 * New Sub Category: name, status and category (a picker of the first 100 categories); from a
 * category's edit page the category is that one. Edit Sub Category (the category's edit page): name and status.
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
  const pick = subCategory === 'new' && !categoryId;
  const categories = useQuery({
    queryKey: catalogueKeys.categoryPicker(),
    queryFn: categoriesApi.picker,
    enabled: pick,
  });
  return (
    <NameStatusDialog<SubCategoryCreate, SubCategory>
      record={subCategory}
      titles={{ create: LABEL.newSubCategory, update: LABEL.editSubCategory }}
      name="sub-category-dialog"
      create={(fields) => subCategoriesApi.create({ ...fields, category_id: categoryId ?? fields.category_id })}
      update={(id, fields) => subCategoriesApi.update(id, { name: fields.name, is_published: fields.is_published })}
      success={{ create: MSG.createSubCategorySuccess, update: MSG.updateSubCategorySuccess }}
      invalidate={catalogueKeys.subCategories}
      onClose={onClose}
    >
      {pick && (
        <Form.Item name="category_id" label="Category">
          <Select
            showSearch={{ filterOption: byName }}
            loading={categories.isFetching}
            options={(categories.data?.list ?? []).map((c) => ({ value: c._id, label: c.name }))}
          />
        </Form.Item>
      )}
    </NameStatusDialog>
  );
}
