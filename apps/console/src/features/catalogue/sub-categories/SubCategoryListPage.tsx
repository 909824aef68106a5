import { LABEL, type SubCategory } from '@atk/contract';
import type { TableColumnsType } from 'antd';
import { catalogueKeys, subCategoriesApi } from '../api.ts';
import { CatalogueListPage } from '../CatalogueListPage.tsx';
import { SubCategoryDialog } from './SubCategoryDialog.tsx';

const CATEGORY_COLUMN: TableColumnsType<SubCategory> = [
  { key: 'category', title: 'Category', dataIndex: 'category_name' },
];
const editPath = (id: string) => `/global/sub_categories/${id}/edit`;

/**
 * The sub categories (/global/sub_categories), with a category column; Edit opens the sub category's
 * edit page, with its songs.
 */
export default function SubCategoryListPage() {
  return (
    <CatalogueListPage<SubCategory>
      title={LABEL.subCategories}
      sibling={{ to: '/global/categories', label: LABEL.categories }}
      storageKey="sub-categories"
      placeholder="Sub category name"
      queryKey={catalogueKeys.subCategoryList()}
      list={subCategoriesApi.list}
      remove={subCategoriesApi.remove}
      invalidate={catalogueKeys.subCategories}
      columns={CATEGORY_COLUMN}
      editPath={editPath}
      newLabel={LABEL.newSubCategory}
      dialog={(close) => <SubCategoryDialog subCategory="new" onClose={close} />}
      testId="sub-category-list"
    />
  );
}
