import { LABEL, MSG, type Song, type SubCategory, type SubCategoryUpdate } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Result, type TableColumnsType } from 'antd';
import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { useSave } from '../../../api/useSave.ts';
import { EDIT_FORM_LAYOUT, EditFrame } from '../../../components/EditFrame.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { NameStatusFields } from '../../../components/RecordFields.tsx';
import { catalogueKeys, catalogueSongsApi, subCategoriesApi } from '../api.ts';
import { OrderedChildList } from '../parts.tsx';
import { SongDialog } from '../songs/SongDialog.tsx';
import { useBrands } from '../songs/useBrands.ts';

const LIST = '/global/sub_categories';

/**
 * SUB CATEGORY EDIT (spec 2 §2 /global/sub_categories/{id}/edit): the name read-only, the category, the status
 * (SAVE CHANGES, CANCEL goes back), and the sub category's songs in order: New Song, the order (a move shifts the
 * songs between), the publish switch (saves at once), Edit (the song's edit page) and Delete.
 */
export default function SubCategoryEditPage() {
  const { id = '' } = useParams();
  const sub = useQuery({ queryKey: catalogueKeys.subCategory(id), queryFn: () => subCategoriesApi.read(id) });
  if (sub.isPending) return <PageSpinner />;
  if (sub.error) return <Result status="warning" title={sub.error.message} />;
  return (
    <>
      <SubCategoryForm key={sub.data.updated_at} sub={sub.data} />
      <Songs subCategoryId={sub.data._id} />
    </>
  );
}

function SubCategoryForm({ sub }: { sub: SubCategory }) {
  const [form] = Form.useForm<SubCategoryUpdate>();
  const save = useSave({
    // the fields the server refuses show in red under them (docs/api.md "Refused fields")
    form,
    // the name is read-only here (spec 2 §2): only the status is sent
    save: (fields: SubCategoryUpdate) => subCategoriesApi.update(sub._id, { is_published: fields.is_published }),
    success: MSG.updateSubCategorySuccess,
    invalidate: [catalogueKeys.subCategories],
  });
  return (
    <EditFrame
      title={LABEL.subCategoryEdit}
      subtitle={sub.category_name}
      fallback={LIST}
      onSave={() => form.submit()}
      saving={save.isPending}
      testId="sub-category-edit"
    >
      <Form<SubCategoryUpdate>
        form={form}
        name="sub-category-edit"
        {...EDIT_FORM_LAYOUT}
        initialValues={{ name: sub.name, is_published: sub.is_published }}
        onFinish={(fields) => save.mutate(fields)}
      >
        <Form.Item label="Category">
          <Input value={sub.category_name} readOnly aria-label="Category" />
        </Form.Item>
        <NameStatusFields statusWidth={200} readOnlyName />
      </Form>
    </EditFrame>
  );
}

function Songs({ subCategoryId }: { subCategoryId: string }) {
  const { names } = useBrands();
  const columns = useMemo<TableColumnsType<Song>>(
    () => [
      { key: 'song_writer', title: 'Song writer', dataIndex: 'song_writer' },
      { key: 'brand', title: 'Brand', render: (_, row) => (row.brand_id ? (names.get(row.brand_id) ?? '') : 'ATK') },
    ],
    [names],
  );
  const editPath = useCallback(
    (id: string) => `/global/songs/${id}/edit?sub_category_id=${subCategoryId}`,
    [subCategoryId],
  );
  return (
    <OrderedChildList<Song>
      title={LABEL.songs}
      newLabel={LABEL.newCatalogueSong}
      testId="sub-category-songs"
      queryKey={catalogueKeys.songsOf(subCategoryId)}
      fetch={() => catalogueSongsApi.ofSubCategory(subCategoryId)}
      saves={{
        update: catalogueSongsApi.update,
        remove: catalogueSongsApi.remove,
        success: MSG.updateSongSuccess,
        invalidate: catalogueKeys.songs,
        scope: `songs-of-${subCategoryId}`,
      }}
      columns={columns}
      editPath={editPath}
      dialog={(close) => <SongDialog subCategoryId={subCategoryId} onClose={close} />}
    />
  );
}
