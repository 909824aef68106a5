import { LABEL, MSG, type Song, type SubCategoryUpdate } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, type TableColumnsType } from 'antd';
import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { RecordEditPage } from '../../../components/RecordEditPage.tsx';
import { NameStatusFields } from '../../../components/RecordFields.tsx';
import { catalogueKeys, catalogueSongsApi, subCategoriesApi } from '../api.ts';
import { OrderedChildList } from '../parts.tsx';
import { SongDialog } from '../songs/SongDialog.tsx';
import { useBrands } from '../songs/useBrands.ts';

/**
 * SUB CATEGORY EDIT (/global/sub_categories/{id}/edit; docs/api.md "Catalogue screens", Where each thing is
 * edited): the name read-only, the category, the status (SAVE CHANGES, CANCEL goes back), and the sub category's
 * songs in order: New Song, the order (a move shifts the songs between), the publish switch (saves at once), Edit
 * (the song's edit page) and Delete.
 */
export default function SubCategoryEditPage() {
  const { id = '' } = useParams();
  const sub = useQuery({ queryKey: catalogueKeys.subCategory(id), queryFn: () => subCategoriesApi.read(id) });
  return (
    <RecordEditPage
      record={sub}
      title={LABEL.subCategoryEdit}
      subtitle={(s) => s.category_name}
      fallback="/global/sub_categories"
      name="sub-category-edit"
      version={(s) => s.updated_at}
      initial={(s): SubCategoryUpdate => ({ name: s.name, is_published: s.is_published })}
      // the name is read-only here: only the status is sent
      save={(fields, s) => subCategoriesApi.update(s._id, { is_published: fields.is_published })}
      success={MSG.updateSubCategorySuccess}
      invalidate={[catalogueKeys.subCategories]}
      fields={(s) => (
        <>
          <Form.Item label="Category">
            <Input value={s.category_name} readOnly aria-label="Category" />
          </Form.Item>
          <NameStatusFields statusWidth={200} readOnlyName />
        </>
      )}
    >
      {(s) => <Songs subCategoryId={s._id} />}
    </RecordEditPage>
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
