import { SortAscendingOutlined } from '@ant-design/icons';
import { type InstanceSong, type InstanceSongNamed, LABEL } from '@atk/contract';
import { Button, Checkbox, Empty, Select, Switch, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { userTextColumn } from '../../../components/columns.tsx';
import { moveTo, normalizeSongs, sortByOrder } from '../ordering.ts';

type Song = InstanceSong;
type Instrument = InstanceSong['instruments'][number];

interface SongNames {
  name: string;
  song_writer: string;
}
interface InstrumentNames {
  name: string;
  performer: string;
}
/** The names to show, by song id and by source id (the saved lists carry ids only). */
export interface SongNameIndex {
  songs: Map<string, SongNames>;
  instruments: Map<string, InstrumentNames>;
}

/** The songs as the server wants them back (no names the answer may carry), numbered 1, 2, 3… */
export const cleanSongs = (songs: readonly InstanceSong[]): Song[] =>
  normalizeSongs(
    songs.map((s) => ({
      song_id: s.song_id,
      is_active: s.is_active === 1 ? 1 : 0,
      order: s.order,
      instruments: s.instruments.map((i) => ({
        instrument_id: i.instrument_id,
        is_active: i.is_active === 1 ? 1 : 0,
        order: i.order,
      })),
    })),
  );

/** The names of every song and source an instance answer carries, whichever brand's they are. */
export function songNamesOf(songs: readonly InstanceSongNamed[]): SongNameIndex {
  const index: SongNameIndex = { songs: new Map(), instruments: new Map() };
  for (const s of songs) {
    index.songs.set(s.song_id, { name: s.name, song_writer: s.song_writer ?? '' });
    for (const i of s.instruments)
      index.instruments.set(i.instrument_id, { name: i.name, performer: i.performer ?? '' });
  }
  return index;
}

const orderOptions = (n: number) => Array.from({ length: n }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/** The part of a `useTabForm` the list works with. */
export interface SongListForm {
  value: Song[];
  setValue: (fn: (songs: Song[]) => Song[]) => void;
  dirty: boolean;
  saving: boolean;
  submit: () => Promise<boolean>;
  reset: () => void;
}

/**
 * The songs and sources of an instance, the desktop Sources tab's parts and the mobile instance's Sources: songs
 * (name, writer) with an active switch and an order select expand to their sources (name, performer)
 * with an active checkbox and an order select. A new position shifts the items in between so orders stay 1, 2, 3…;
 * lists are saved sorted by order. SAVE CHANGES is enabled only when the list differs from the loaded one; CANCEL
 * restores it.
 */
export function SongOrderList({
  form,
  names,
  testId,
  actions,
}: {
  form: SongListForm;
  names: SongNameIndex;
  testId: string;
  /** Buttons above the list (the desktop brand part's synchronisation). */
  actions?: ReactNode;
}) {
  const songName = (id: string): SongNames => names.songs.get(id) ?? { name: '…', song_writer: '' };
  const instrumentName = (id: string): InstrumentNames => names.instruments.get(id) ?? { name: '…', performer: '' };
  const editSongs = (fn: (songs: Song[]) => Song[]) => form.setValue(fn);
  const editSong = (songId: string, fn: (song: Song) => Song) =>
    editSongs((list) => list.map((s) => (s.song_id === songId ? fn(s) : s)));

  const list = sortByOrder(form.value);
  const songColumns: TableColumnsType<Song> = [
    userTextColumn({ key: 'name', title: 'Song', render: (_, s) => songName(s.song_id).name }),
    userTextColumn({ key: 'writer', title: 'Artist', render: (_, s) => songName(s.song_id).song_writer }),
    {
      key: 'active',
      title: LABEL.statusActive,
      width: 100,
      render: (_, s) => (
        <Switch
          aria-label={`Active ${songName(s.song_id).name}`}
          checked={s.is_active === 1}
          onChange={(on) => editSong(s.song_id, (x) => ({ ...x, is_active: on ? 1 : 0 }))}
        />
      ),
    },
    {
      key: 'order',
      title: 'Order',
      width: 120,
      render: (_, s) => (
        <Select
          aria-label={`Order of ${songName(s.song_id).name}`}
          value={s.order}
          options={orderOptions(list.length)}
          onChange={(to: number) =>
            editSongs((songs) =>
              moveTo(
                songs,
                songs.findIndex((x) => x.song_id === s.song_id),
                to,
              ),
            )
          }
          style={{ width: 80 }}
        />
      ),
    },
  ];
  const instrumentColumns = (song: Song): TableColumnsType<Instrument> => [
    userTextColumn({ key: 'name', title: 'Source', render: (_, i) => instrumentName(i.instrument_id).name }),
    userTextColumn({
      key: 'performer',
      title: 'Performer',
      render: (_, i) => instrumentName(i.instrument_id).performer,
    }),
    {
      key: 'active',
      title: LABEL.statusActive,
      width: 100,
      render: (_, i) => (
        <Checkbox
          aria-label={`Active ${instrumentName(i.instrument_id).name} in ${songName(song.song_id).name}`}
          checked={i.is_active === 1}
          onChange={(e) =>
            editSong(song.song_id, (x) => ({
              ...x,
              instruments: x.instruments.map((y) =>
                y.instrument_id === i.instrument_id ? { ...y, is_active: e.target.checked ? 1 : 0 } : y,
              ),
            }))
          }
        />
      ),
    },
    {
      key: 'order',
      title: (
        <span>
          <SortAscendingOutlined aria-hidden /> Order
        </span>
      ),
      width: 120,
      render: (_, i) => (
        <Select
          aria-label={`Order of ${instrumentName(i.instrument_id).name} in ${songName(song.song_id).name}`}
          value={i.order}
          options={orderOptions(song.instruments.length)}
          onChange={(to: number) =>
            editSong(song.song_id, (x) => ({
              ...x,
              instruments: moveTo(
                x.instruments,
                x.instruments.findIndex((y) => y.instrument_id === i.instrument_id),
                to,
              ),
            }))
          }
          style={{ width: 80 }}
        />
      ),
    },
  ];
  return (
    <div data-testid={testId}>
      {actions && <div className="instance-sources__actions">{actions}</div>}
      {list.length === 0 ? (
        <Empty description="No songs" />
      ) : (
        <Table<Song>
          rowKey="song_id"
          rowClassName="instance-song"
          columns={songColumns}
          dataSource={list}
          pagination={false}
          size="middle"
          scroll={{ x: 'max-content' }}
          expandable={{
            defaultExpandAllRows: true,
            expandedRowRender: (song) => (
              <Table<Instrument>
                rowKey="instrument_id"
                rowClassName="instance-source"
                columns={instrumentColumns(song)}
                dataSource={sortByOrder(song.instruments)}
                pagination={false}
                size="small"
                data-testid={`instruments-${song.song_id}`}
              />
            ),
            rowExpandable: (song) => song.instruments.length > 0,
          }}
        />
      )}
      <footer className="product-tab__footer">
        <Button size="large" onClick={form.reset} disabled={form.saving || !form.dirty}>
          {LABEL.cancel}
        </Button>
        <Button
          type="primary"
          size="large"
          loading={form.saving}
          disabled={!form.dirty}
          onClick={() => void form.submit()}
          style={{ marginLeft: 8 }}
        >
          {LABEL.saveChanges}
        </Button>
      </footer>
    </div>
  );
}
