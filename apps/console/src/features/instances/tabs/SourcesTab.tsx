import { SortAscendingOutlined, SyncOutlined } from '@ant-design/icons';
import { type InstanceSong, LABEL, MSG } from '@atk/contract';
import { Button, Checkbox, Empty, Select, Switch, Table, type TableColumnsType, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useSave } from '../../../api/useSave.ts';
import { useTabBinding } from '../../../components/DirtyTabs.tsx';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { useTabForm } from '../../../components/useTabForm.ts';
import { instancesApi } from '../api.ts';
import { type TabProps, useReloadInstance, useSaveInstance } from '../context.ts';
import { moveTo, normalizeSongs, sortByOrder } from '../ordering.ts';

type Part = 'sources' | 'my_sources';
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

/** The songs of a part as the server wants them back (no names the answer may carry). */
const cleanSongs = (songs: readonly InstanceSong[]): Song[] =>
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

/** `BY {master brand name}` (spec 3 §2). */
export const sourcesByBrand = (brandName: string) => `BY ${brandName.toUpperCase()}`;

const orderOptions = (n: number) => Array.from({ length: n }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/**
 * Sources (spec 3 §2 Instance edit, §4): 'BY PRODUCT' (sources) and 'BY {master brand}' (my_sources). Songs
 * (name, writer) with an active switch and an order select expand to their sources (name, performer) with an
 * active checkbox and an order select. A new position shifts the items in between so orders stay 1, 2, 3…;
 * lists are saved sorted by order. SAVE CHANGES is enabled only when the list differs from the loaded one;
 * CANCEL restores it. The second tab synchronises the products' songs.
 */
export function SourcesTab({ instance, scope, binding, permission }: TabProps) {
  const [part, setPart] = useState<Part>('sources');
  const { save, saving, refused } = useSaveInstance(scope, instance._id, permission);
  const reload = useReloadInstance(scope, instance._id);
  // each part is saved on its own: one saved state per part, one save of both for the leave prompt
  const forms = {
    sources: useTabForm({
      binding: null,
      initial: () => cleanSongs(instance.sources),
      prepare: normalizeSongs,
      save: (sent) => save({ sources: sent }),
      saving,
    }),
    my_sources: useTabForm({
      binding: null,
      initial: () => cleanSongs(instance.my_sources),
      prepare: normalizeSongs,
      save: (sent) => save({ my_sources: sent }),
      saving,
    }),
  };
  const lists = { sources: forms.sources.value, my_sources: forms.my_sources.value };
  const changed = (p: Part) => forms[p].dirty;
  const savePart = (p: Part) => forms[p].submit();
  const saveAll = async () => {
    for (const p of ['sources', 'my_sources'] as const) if (changed(p) && !(await savePart(p))) return false;
    return true;
  };
  useTabBinding(binding, changed('sources') || changed('my_sources'), saveAll);

  const cancel = (p: Part) => forms[p].reset();

  const sync = useSave({
    save: () => instancesApi.syncSongs(scope.admin, instance._id),
    success: MSG.synchronizeSuccess,
    onError: (e) => refused(e),
    onSaved: () =>
      reload().then(
        (fresh) => forms.my_sources.markSaved(cleanSongs(fresh.my_sources)),
        (e) => refused(e),
      ),
  });

  // names: the instance answer carries them for every song and source, whichever brand's they are
  const names = useMemo(() => {
    const songs = new Map<string, SongNames>();
    const instruments = new Map<string, InstrumentNames>();
    for (const s of [...instance.sources, ...instance.my_sources]) {
      songs.set(s.song_id, { name: s.name, song_writer: s.song_writer ?? '' });
      for (const i of s.instruments) instruments.set(i.instrument_id, { name: i.name, performer: i.performer ?? '' });
    }
    return { songs, instruments };
  }, [instance.sources, instance.my_sources]);
  const songName = (id: string): SongNames => names.songs.get(id) ?? { name: '…', song_writer: '' };
  const instrumentName = (id: string): InstrumentNames => names.instruments.get(id) ?? { name: '…', performer: '' };

  const editSongs = (p: Part, fn: (songs: Song[]) => Song[]) => forms[p].setValue(fn);
  const editSong = (p: Part, songId: string, fn: (song: Song) => Song) =>
    editSongs(p, (list) => list.map((s) => (s.song_id === songId ? fn(s) : s)));

  const songList = (p: Part) => {
    const list = sortByOrder(lists[p]);
    const songColumns: TableColumnsType<Song> = [
      { key: 'name', title: 'Song', render: (_, s) => songName(s.song_id).name },
      { key: 'writer', title: 'Artist', render: (_, s) => songName(s.song_id).song_writer },
      {
        key: 'active',
        title: LABEL.statusActive,
        width: 100,
        render: (_, s) => (
          <Switch
            aria-label={`Active ${songName(s.song_id).name}`}
            checked={s.is_active === 1}
            onChange={(on) => editSong(p, s.song_id, (x) => ({ ...x, is_active: on ? 1 : 0 }))}
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
              editSongs(p, (songs) =>
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
      { key: 'name', title: 'Source', render: (_, i) => instrumentName(i.instrument_id).name },
      { key: 'performer', title: 'Performer', render: (_, i) => instrumentName(i.instrument_id).performer },
      {
        key: 'active',
        title: LABEL.statusActive,
        width: 100,
        render: (_, i) => (
          <Checkbox
            aria-label={`Active ${instrumentName(i.instrument_id).name} in ${songName(song.song_id).name}`}
            checked={i.is_active === 1}
            onChange={(e) =>
              editSong(p, song.song_id, (x) => ({
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
              editSong(p, song.song_id, (x) => ({
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
      <div data-testid={`sources-${p}`}>
        {p === 'my_sources' && (
          <div className="instance-sources__actions">
            <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={() => sync.mutate()}>
              {LABEL.synchronizeProductsSongs}
            </Button>
          </div>
        )}
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
          <Button size="large" onClick={() => cancel(p)} disabled={saving || !changed(p)}>
            {LABEL.cancel}
          </Button>
          <Button
            type="primary"
            size="large"
            loading={saving}
            disabled={!changed(p)}
            onClick={() => void savePart(p)}
            style={{ marginLeft: 8 }}
          >
            {LABEL.saveChanges}
          </Button>
        </footer>
      </div>
    );
  };

  return (
    <TabFrame title={LABEL.tabSources} testId="tab-sources">
      <Tabs
        activeKey={part}
        onChange={(k) => setPart(k as Part)}
        type="card"
        items={[
          { key: 'sources', label: LABEL.sourcesByProduct, children: songList('sources') },
          { key: 'my_sources', label: sourcesByBrand(instance.general.brand_name), children: songList('my_sources') },
        ]}
      />
    </TabFrame>
  );
}
