import { type Category, type CategoryUpdate, LABEL, MSG, type SubCategory } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Result, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSave } from '../../../api/useSave.ts';
import { statusColumn, timeColumn } from '../../../components/columns.tsx';
import { EDIT_FORM_LAYOUT, EditFrame } from '../../../components/EditFrame.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { NameStatusFields } from '../../../components/RecordFields.tsx';
import { catalogueKeys, categoriesApi, subCategoriesApi } from '../api.ts';
import { ChildList, editDeleteColumn } from '../parts.tsx';
import { SubCategoryDialog } from '../sub-categories/SubCategoryDialog.tsx';

const LIST = '/global/categories';

/**
 * CATEGORY EDIT (spec 2 §2 /global/categories/{id}/edit): name and status (SAVE CHANGES, CANCEL goes back), and
 * the category's sub categories with New Sub Category, Edit (name and status, in a dialog) and Delete; a sub
 * category's name opens its own edit page (its songs).
 */
export default function CategoryEditPage() {
  const { id = '' } = useParams();
  const category = useQuery({ queryKey: catalogueKeys.category(id), queryFn: () => categoriesApi.read(id) });
  if (category.isPending) return <PageSpinner />;
  if (category.error) return <Result status="warning" title={category.error.message} />;
  return (
    <>
      <CategoryForm key={category.data.updated_at} category={category.data} />
      <SubCategories categoryId={category.data._id} />
    </>
  );
}

function CategoryForm({ category }: { category: Category }) {
  const [form] = Form.useForm<CategoryUpdate>();
  const save = useSave({
    // the fields the server refuses show in red under them (docs/api.md "Refused fields")
    form,
    save: (fields: CategoryUpdate) => categoriesApi.update(category._id, fields),
    success: MSG.updateCategorySuccess,
    invalidate: [catalogueKeys.categories, catalogueKeys.subCategories],
  });
  return (
    <EditFrame
      title={LABEL.categoryEdit}
      subtitle={category.name}
      fallback={LIST}
      onSave={() => form.submit()}
      saving={save.isPending}
      testId="category-edit"
    >
      <Form<CategoryUpdate>
        form={form}
        name="category-edit"
        {...EDIT_FORM_LAYOUT}
        initialValues={{ name: category.name, is_published: category.is_published }}
        onFinish={(fields) => save.mutate(fields)}
      >
        <NameStatusFields statusWidth={200} />
      </Form>
    </EditFrame>
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
      {
        key: 'name',
        title: 'Name',
        render: (_, row) => <Link to={`/global/sub_categories/${row._id}/edit`}>{row.name}</Link>,
      },
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
