import { type Instrument, LABEL, MSG, type Song } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Result, type TableColumnsType } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { useSave } from '../../../api/useSave.ts';
import { EDIT_FORM_LAYOUT, EditFrame } from '../../../components/EditFrame.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { NameStatusFields } from '../../../components/RecordFields.tsx';
import { catalogueInstrumentsApi, catalogueKeys, catalogueSongsApi } from '../api.ts';
import { InstrumentDialog } from '../instruments/InstrumentDialog.tsx';
import { OrderedChildList } from '../parts.tsx';

interface SongFields {
  name: string;
  is_published: 0 | 1;
  song_writer?: string | null;
}

/**
 * SONG EDIT (spec 2 §2 /global/songs/{id}/edit?sub_category_id={id}): name, status and song writer (SAVE CHANGES;
 * CANCEL goes back, to the sub category when opened directly), and the song's instruments in order: New
 * Instrument, the order (a move shifts the instruments between), the active switch (saves at once), Edit (the
 * instrument's edit page) and Delete.
 */
export default function SongEditPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const subCategoryId = params.get('sub_category_id');
  const song = useQuery({ queryKey: catalogueKeys.song(id), queryFn: () => catalogueSongsApi.read(id) });
  if (song.isPending) return <PageSpinner />;
  if (song.error) return <Result status="warning" title={song.error.message} />;
  const back = subCategoryId ?? song.data.sub_category_id;
  return (
    <>
      <SongForm
        key={song.data.updated_at}
        song={song.data}
        fallback={back ? `/global/sub_categories/${back}/edit` : '/global/sub_categories'}
      />
      <Instruments songId={song.data._id} />
    </>
  );
}

function SongForm({ song, fallback }: { song: Song; fallback: string }) {
  const [form] = Form.useForm<SongFields>();
  const save = useSave({
    // the fields the server refuses show in red under them (docs/api.md "Refused fields")
    form,
    save: (fields: SongFields) =>
      catalogueSongsApi.update(song._id, {
        name: fields.name?.trim() ?? '',
        is_published: fields.is_published,
        song_writer: fields.song_writer?.trim() || null,
      }),
    success: MSG.updateSongSuccess,
    invalidate: [catalogueKeys.songs],
  });
  return (
    <EditFrame
      title={LABEL.songEdit}
      subtitle={song.name}
      fallback={fallback}
      onSave={() => form.submit()}
      saving={save.isPending}
      testId="song-edit"
    >
      <Form<SongFields>
        form={form}
        name="song-edit"
        {...EDIT_FORM_LAYOUT}
        initialValues={{ name: song.name, is_published: song.is_published, song_writer: song.song_writer ?? '' }}
        onFinish={(fields) => save.mutate(fields)}
      >
        <NameStatusFields statusWidth={200} />
        <Form.Item name="song_writer" label="Song writer">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </EditFrame>
  );
}

const INSTRUMENT_COLUMNS: TableColumnsType<Instrument> = [
  { key: 'performer', title: 'Performer name', dataIndex: 'performer' },
];
const instrumentPath = (id: string) => `/global/instruments/${id}/edit`;

function Instruments({ songId }: { songId: string }) {
  return (
    <OrderedChildList<Instrument>
      title={LABEL.instruments}
      newLabel={LABEL.newInstrument}
      testId="song-instruments"
      queryKey={catalogueKeys.instrumentsOf(songId)}
      fetch={() => catalogueInstrumentsApi.ofSong(songId)}
      saves={{
        update: catalogueInstrumentsApi.update,
        remove: catalogueInstrumentsApi.remove,
        success: MSG.updateInstrumentSuccess,
        invalidate: catalogueKeys.instruments,
        scope: `instruments-of-${songId}`,
      }}
      columns={INSTRUMENT_COLUMNS}
      editPath={instrumentPath}
      dialog={(close) => <InstrumentDialog songId={songId} onClose={close} />}
    />
  );
}
