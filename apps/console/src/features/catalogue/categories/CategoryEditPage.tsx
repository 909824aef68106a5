import { type CategoryUpdate, LABEL, MSG, type SubCategory } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSave } from '../../../api/useSave.ts';
import { statusColumn, timeColumn, userTextColumn } from '../../../components/columns.tsx';
import { RecordEditPage } from '../../../components/RecordEditPage.tsx';
import { NameStatusFields } from '../../../components/RecordFields.tsx';
import { catalogueKeys, categoriesApi, subCategoriesApi } from '../api.ts';
import { ChildList, editDeleteColumn } from '../parts.tsx';
import { SubCategoryDialog } from '../sub-categories/SubCategoryDialog.tsx';

/**
 * CATEGORY EDIT (/global/categories/{id}/edit; docs/api.md "Catalogue screens", Where each thing is edited): name
 * and status (SAVE CHANGES, CANCEL goes back), and the category's sub categories with New Sub Category, Edit (name
 * and status, in a dialog) and Delete; a sub category's name opens its own edit page (its songs).
 */
export default function CategoryEditPage() {
  const { id = '' } = useParams();
  const category = useQuery({ queryKey: catalogueKeys.category(id), queryFn: () => categoriesApi.read(id) });
  return (
    <RecordEditPage
      record={category}
      title={LABEL.categoryEdit}
      subtitle={(c) => c.name}
      fallback="/global/categories"
      name="category-edit"
      version={(c) => c.updated_at}
      initial={(c): CategoryUpdate => ({ name: c.name, is_published: c.is_published })}
      save={(fields, c) => categoriesApi.update(c._id, fields)}
      success={MSG.updateCategorySuccess}
      invalidate={[catalogueKeys.categories, catalogueKeys.subCategories]}
      fields={() => <NameStatusFields statusWidth={200} />}
    >
      {(c) => <SubCategories categoryId={c._id} />}
    </RecordEditPage>
  );
}

function SubCategories({ categoryId }: { categoryId: string }) {
  const [dialog, setDialog] = useState<SubCategory | 'new' | null>(null);
  const list = useQuery({
    queryKey: catalogueKeys.subCategoriesOf(categoryId),
    queryFn: () => subCategoriesApi.ofCategory(categoryId),
  });
  const remove = useSave({
    save: subCategoriesApi.remove,
    success: MSG.deleteSuccess,
    invalidate: [catalogueKeys.subCategories],
  });
  const columns = useMemo<TableColumnsType<SubCategory>>(
    () => [
      userTextColumn({
        key: 'name',
        title: 'Name',
        render: (_, row) => <Link to={`/global/sub_categories/${row._id}/edit`}>{row.name}</Link>,
      }),
      statusColumn((row) => row.is_published),
      timeColumn('updated_at', 'Last updated', (row) => row.updated_at),
      editDeleteColumn<SubCategory>(setDialog, remove.mutate, 180),
    ],
    [remove.mutate],
  );
  return (
    <ChildList<SubCategory>
      title={LABEL.subCategories}
      create={{ label: LABEL.newSubCategory, onClick: () => setDialog('new') }}
      rows={list.data?.list}
      loading={list.isFetching}
      columns={columns}
      testId="category-sub-categories"
    >
      {dialog && <SubCategoryDialog subCategory={dialog} categoryId={categoryId} onClose={() => setDialog(null)} />}
    </ChildList>
  );
}
