import { type Category, LABEL } from '@atk/contract';
import { catalogueKeys, categoriesApi } from '../api.ts';
import { CatalogueListPage } from '../CatalogueListPage.tsx';
import { CategoryDialog } from './CategoryDialog.tsx';

const editPath = (id: string) => `/global/categories/${id}/edit`;

/** The categories (/global/categories); Edit opens the category's edit page, with its sub categories. */
export default function CategoryListPage() {
  return (
    <CatalogueListPage<Category>
      title={LABEL.categories}
      sibling={{ to: '/global/sub_categories', label: LABEL.subCategories }}
      storageKey="categories"
      placeholder="Category name"
      queryKey={catalogueKeys.categoryList()}
      list={categoriesApi.list}
      remove={categoriesApi.remove}
      invalidate={catalogueKeys.categories}
      editPath={editPath}
      newLabel={LABEL.newCategory}
      dialog={(close) => <CategoryDialog category="new" onClose={close} />}
      testId="category-list"
    />
  );
}
