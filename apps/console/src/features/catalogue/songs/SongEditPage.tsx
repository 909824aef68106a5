import { type Instrument, LABEL, MSG } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, type TableColumnsType } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { userTextColumn } from '../../../components/columns.tsx';
import { RecordEditPage } from '../../../components/RecordEditPage.tsx';
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
 * SONG EDIT (/global/songs/{id}/edit?sub_category_id={id}; docs/api.md "Catalogue screens", Where each thing is
 * edited): name, status and song writer (SAVE CHANGES; CANCEL goes back, to the sub category when opened
 * directly), and the song's instruments in order: New Instrument, the order (a move shifts the instruments
 * between), the active switch (saves at once), Edit (the instrument's edit page) and Delete.
 */
export default function SongEditPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const subCategoryId = params.get('sub_category_id');
  const song = useQuery({ queryKey: catalogueKeys.song(id), queryFn: () => catalogueSongsApi.read(id) });
  return (
    <RecordEditPage
      record={song}
      title={LABEL.songEdit}
      subtitle={(s) => s.name}
      fallback={(s) => {
        const back = subCategoryId ?? s.sub_category_id;
        return back ? `/global/sub_categories/${back}/edit` : '/global/sub_categories';
      }}
      name="song-edit"
      version={(s) => s.updated_at}
      initial={(s): SongFields => ({ name: s.name, is_published: s.is_published, song_writer: s.song_writer ?? '' })}
      save={(fields, s) =>
        catalogueSongsApi.update(s._id, {
          name: fields.name?.trim() ?? '',
          is_published: fields.is_published,
          song_writer: fields.song_writer?.trim() || null,
        })
      }
      success={MSG.updateSongSuccess}
      invalidate={[catalogueKeys.songs]}
      fields={() => (
        <>
          <NameStatusFields statusWidth={200} />
          <Form.Item name="song_writer" label="Song writer">
            <Input maxLength={200} />
          </Form.Item>
        </>
      )}
    >
      {(s) => <Instruments songId={s._id} />}
    </RecordEditPage>
  );
}

const INSTRUMENT_COLUMNS: TableColumnsType<Instrument> = [
  userTextColumn({ key: 'performer', title: 'Performer name', dataIndex: 'performer' }),
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
