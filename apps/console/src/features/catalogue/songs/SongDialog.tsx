import { LABEL, MSG, type SongCreate } from '@atk/contract';
import { Form, Input, Select } from 'antd';
import { useSave } from '../../../api/useSave.ts';
import { byName } from '../../../components/CategoryFields.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { STATUS_OPTIONS } from '../../../components/status.ts';
import { catalogueKeys, catalogueSongsApi } from '../api.ts';
import { useBrands } from './useBrands.ts';

type SongFields = Pick<SongCreate, 'name' | 'song_writer' | 'brand_id' | 'is_published'>;

/**
 * New Song of a sub category (spec 2 §2, width 770 px, spec 2 §9): song name, song writer, the brand it belongs to
 * (an admin names it, spec 2 §3) and status (Pending unless chosen). It goes last among the sub category's songs.
 * Nothing is checked in the browser (spec 2 §5): the server's msg is shown.
 */
export function SongDialog({ subCategoryId, onClose }: { subCategoryId: string; onClose: () => void }) {
  const { brands } = useBrands();
  const save = useSave({
    save: (fields: SongFields) =>
      catalogueSongsApi.create({
        ...fields,
        name: fields.name?.trim() ?? '',
        song_writer: fields.song_writer?.trim() || null,
        sub_category_id: subCategoryId,
      }),
    success: MSG.createSongSuccess,
    invalidate: [catalogueKeys.songs],
  });
  return (
    <FormDialog<SongFields>
      open
      title={LABEL.newCatalogueSong}
      name="catalogue-song-dialog"
      width={770}
      initialValues={{ is_published: 0 }}
      onSubmit={save.mutateAsync}
      onClose={onClose}
    >
      <Form.Item name="name" label="Song name">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="song_writer" label="Song writer">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="brand_id" label="Brand">
        <Select
          showSearch={{ filterOption: byName }}
          loading={brands.isFetching}
          options={(brands.data?.list ?? []).map((b) => ({ value: b._id, label: b.name }))}
        />
      </Form.Item>
      <Form.Item name="is_published" label={LABEL.status}>
        <Select options={STATUS_OPTIONS} />
      </Form.Item>
    </FormDialog>
  );
}
