import { LABEL, MSG, type SongCreate } from '@atk/contract';
import { Form, Select } from 'antd';
import { byName } from '../../../components/CategoryFields.tsx';
import { SaveDialog } from '../../../components/FormDialog.tsx';
import { TextField } from '../../../components/RecordFields.tsx';
import { STATUS_OPTIONS } from '../../../components/status.ts';
import { catalogueKeys, catalogueSongsApi } from '../api.ts';
import { useBrands } from './useBrands.ts';

type SongFields = Pick<SongCreate, 'name' | 'song_writer' | 'brand_id' | 'is_published'>;

/**
 * New Song of a sub category (docs/api.md "Catalogue screens"; width 770 px): song name, song writer, the brand it
 * belongs to (an admin names it) and status (Pending unless chosen). It goes last among the sub category's songs.
 * Nothing is checked in the browser: the server's msg is shown.
 */
export function SongDialog({ subCategoryId, onClose }: { subCategoryId: string; onClose: () => void }) {
  const { brands } = useBrands();
  return (
    <SaveDialog<SongFields>
      title={LABEL.newCatalogueSong}
      name="catalogue-song-dialog"
      width={770}
      initialValues={{ is_published: 0 }}
      save={(fields) =>
        catalogueSongsApi.create({
          ...fields,
          name: fields.name?.trim() ?? '',
          song_writer: fields.song_writer?.trim() || null,
          sub_category_id: subCategoryId,
        })
      }
      success={MSG.createSongSuccess}
      invalidate={[catalogueKeys.songs]}
      onClose={onClose}
    >
      <TextField name="name" label="Song name" />
      <TextField name="song_writer" label="Song writer" />
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
    </SaveDialog>
  );
}
