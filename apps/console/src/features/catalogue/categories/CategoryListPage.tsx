import { type Category, LABEL, MSG } from '@atk/contract';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSave } from '../../../api/useSave.ts';
import { DeleteAction, operateColumn, statusColumn, timeColumn } from '../../../components/columns.tsx';
import { type ListFilter, ListPage, textFilter } from '../../../components/ListPage.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { catalogueKeys, categoriesApi } from '../api.ts';
import { CategoryDialog } from './CategoryDialog.tsx';

const FILTERS: ListFilter[] = [{ name: 'name', label: 'Name', type: 'text', placeholder: 'Category name' }];

/**
 * The categories (spec 2 §2 /global/categories): a name filter, New Category, the columns index, name, status,
 * last updated, Edit (the category's edit page, with its sub categories) and Delete; 20 a page.
 */
export default function CategoryListPage() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const remove = useSave({
    save: categoriesApi.remove,
    success: MSG.deleteSuccess,
    invalidate: [catalogueKeys.categories],
  });

  const columns = useMemo<TableColumnsType<Category>>(
    () => [
      { key: 'name', title: 'Name', dataIndex: 'name' },
      statusColumn((row) => row.is_published),
      timeColumn('updated_at', 'Last updated', (row) => row.updated_at),
      operateColumn(180, (row) => (
        <>
          <RowAction
            label={LABEL.edit}
            name={row.name}
            onClick={() => navigate(`/global/categories/${row._id}/edit`)}
          />
          <DeleteAction name={row.name} onDelete={() => remove.mutate(row._id)} />
        </>
      )),
    ],
    [navigate, remove.mutate],
  );

  return (
    <ListPage<Category>
      title={LABEL.categories}
      subtitle={<Link to="/global/sub_categories">{LABEL.subCategories}</Link>}
      storageKey="categories"
      filters={FILTERS}
      queryKey={catalogueKeys.categoryList()}
      fetch={({ page_num, page_size, filters }) =>
        categoriesApi.list({ page_num, page_size, name: textFilter(filters, 'name') })
      }
      columns={columns}
      index="Index"
      create={{ label: LABEL.newCategory, onClick: () => setCreating(true) }}
      testId="category-list"
    >
      {creating && <CategoryDialog category="new" onClose={() => setCreating(false)} />}
    </ListPage>
  );
}
