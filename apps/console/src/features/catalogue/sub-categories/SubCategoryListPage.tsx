import { LABEL, MSG, type SubCategory } from '@atk/contract';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSave } from '../../../api/useSave.ts';
import { DeleteAction, operateColumn, statusColumn, timeColumn } from '../../../components/columns.tsx';
import { type ListFilter, ListPage, textFilter } from '../../../components/ListPage.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { catalogueKeys, subCategoriesApi } from '../api.ts';
import { SubCategoryDialog } from './SubCategoryDialog.tsx';

const FILTERS: ListFilter[] = [{ name: 'name', label: 'Name', type: 'text', placeholder: 'Sub category name' }];

/**
 * The sub categories (spec 2 §2 /global/sub_categories): a name filter, New Sub Category, the columns index, name,
 * category, status, last updated, Edit (its edit page, with its songs) and Delete; 20 a page.
 */
export default function SubCategoryListPage() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const remove = useSave({
    save: subCategoriesApi.remove,
    success: MSG.deleteSuccess,
    invalidate: [catalogueKeys.subCategories],
  });

  const columns = useMemo<TableColumnsType<SubCategory>>(
    () => [
      { key: 'name', title: 'Name', dataIndex: 'name' },
      { key: 'category', title: 'Category', dataIndex: 'category_name' },
      statusColumn((row) => row.is_published),
      timeColumn('updated_at', 'Last updated', (row) => row.updated_at),
      operateColumn(180, (row) => (
        <>
          <RowAction
            label={LABEL.edit}
            name={row.name}
            onClick={() => navigate(`/global/sub_categories/${row._id}/edit`)}
          />
          <DeleteAction name={row.name} onDelete={() => remove.mutate(row._id)} />
        </>
      )),
    ],
    [navigate, remove.mutate],
  );

  return (
    <ListPage<SubCategory>
      title={LABEL.subCategories}
      subtitle={<Link to="/global/categories">{LABEL.categories}</Link>}
      storageKey="sub-categories"
      filters={FILTERS}
      queryKey={catalogueKeys.subCategoryList()}
      fetch={({ page_num, page_size, filters }) =>
        subCategoriesApi.list({ page_num, page_size, name: textFilter(filters, 'name') })
      }
      columns={columns}
      index="Index"
      create={{ label: LABEL.newSubCategory, onClick: () => setCreating(true) }}
      testId="sub-category-list"
    >
      {creating && <SubCategoryDialog subCategory="new" onClose={() => setCreating(false)} />}
    </ListPage>
  );
}
