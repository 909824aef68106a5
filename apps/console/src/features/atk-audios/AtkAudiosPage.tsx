import { PlusOutlined } from '@ant-design/icons';
import { LABEL, MSG, type Song } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Select, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSave } from '../../api/useSave.ts';
import { PublishSwitch } from '../../components/PublishSwitch.tsx';
import { productKeys, productsApi } from '../products/api.ts';
import { songKeys, songsApi } from '../products/audio/api.ts';
import { SongDialog, type SongFields } from '../products/audio/SongDialog.tsx';
import { SongEditButtons, SongPanels } from '../products/audio/SongPanels.tsx';
import { SongSources } from '../products/audio/SongSources.tsx';

/** Typing settles this long before the product search is sent. */
const SEARCH_DEBOUNCE_MS = 300;
/** Products the picker offers for a search (the instance search's size). */
const PRODUCT_SEARCH_SIZE = 20;

/**
 * ATK audios (/global/audios): the platform's own songs (is_atk) as collapsible entries with their
 * sources, created and edited like a product's songs (the product Audio tab's dialogs and source list). A song's
 * status switch saves at once. A platform song's audio is a product's take: choosing a product shows each source's
 * take for it with its Upload button (an upload attaches the song to the product, as its Audio tab does).
 */
export default function AtkAudiosPage() {
  const songs = useQuery({ queryKey: songKeys.platform(), queryFn: songsApi.platform });
  const [dialog, setDialog] = useState<'new' | Song | null>(null);
  const [addingSource, setAddingSource] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Choice>(null);
  const productId = chosen?.value;
  const product = useQuery({
    queryKey: productKeys.one(true, productId ?? ''),
    queryFn: () => productsApi.read(true, productId ?? ''),
    enabled: Boolean(productId),
  });

  const create = useSave({
    save: (values: SongFields) =>
      songsApi.createPlatform({ name: values.name, song_writer: values.song_writer || null }),
    success: MSG.createSongSuccess,
    invalidate: [songKeys.all],
  });
  const update = useSave({
    save: ({ song, values }: { song: Song; values: SongFields }) =>
      songsApi.update(true, song._id, { name: values.name, song_writer: values.song_writer || null }),
    success: MSG.updateSongSuccess,
    invalidate: [songKeys.all],
  });
  const publish = useSave({
    save: ({ song, status }: { song: Song; status: 0 | 1 }) => songsApi.publish(song._id, status),
    success: MSG.updateSongSuccess,
    invalidate: [songKeys.all],
  });

  const editing = dialog && typeof dialog === 'object' ? dialog : null;
  const editingFields = useMemo(
    () => (editing ? { name: editing.name, song_writer: editing.song_writer ?? '' } : undefined),
    [editing],
  );
  const submit = (values: SongFields): Promise<boolean> =>
    (editing ? update.mutateAsync({ song: editing, values }) : create.mutateAsync(values)).then(
      () => true,
      () => false,
    );

  const list = songs.data?.list ?? [];
  return (
    <div className="page" data-testid="atk-audios">
      <header className="page__header">
        <h1 className="page__title">{LABEL.atkAudios}</h1>
        <p className="page__subtitle">
          The platform's own songs. Attach them to a product on its Audio tab; brands see them read-only.
        </p>
      </header>
      <Card className="page__card">
        <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('new')}>
            {LABEL.createNewSong}
          </Button>
          <ProductPicker value={chosen} onChange={setChosen} />
        </Space>
        {songs.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No ATK songs yet" data-testid="atk-songs-empty" />
        ) : (
          <SongPanels
            songs={list}
            extra={(song) => (
              <>
                <PublishSwitch
                  name={song.name}
                  status={song.is_published}
                  size="small"
                  busy={publish.isPending && publish.variables?.song._id === song._id}
                  onChange={(status) => publish.mutate({ song, status })}
                />
                <SongEditButtons
                  song={song}
                  onAddSource={() => setAddingSource(song._id)}
                  onEdit={() => setDialog(song)}
                />
              </>
            )}
          >
            {(song) => (
              <SongSources
                song={song}
                product={product.data}
                admin
                editable
                adding={addingSource === song._id}
                onAddingDone={() => setAddingSource(null)}
              />
            )}
          </SongPanels>
        )}
      </Card>
      <SongDialog
        open={dialog !== null}
        mode={editing ? 'edit' : 'new'}
        initial={editingFields}
        onSubmit={submit}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}

type Choice = { value: string; label: string } | null;

/** The product whose takes are shown and uploaded: a search of every brand's products by name (20 at a time). */
function ProductPicker({ value, onChange }: { value: Choice; onChange: (next: Choice) => void }) {
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    queryKey: [...productKeys.lists(), 'atk-audios', term],
    queryFn: () => productsApi.list(true, { page_num: 1, page_size: PRODUCT_SEARCH_SIZE, name: term || undefined }),
  });
  const options = (found.data?.list ?? []).map((p) => ({
    value: p._id,
    label: `${p.general.name} (${p.general.brand_name})`,
  }));
  return (
    <Form.Item label="Product takes" htmlFor="atk-audios-product" style={{ margin: 0, minWidth: 320 }}>
      <Select<Choice>
        id="atk-audios-product"
        labelInValue
        value={value}
        onChange={(next) => {
          onChange(next ? { value: next.value, label: String(next.label) } : null);
          setTyped('');
        }}
        allowClear
        placeholder="Choose a product to upload its takes"
        showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
        loading={found.isFetching}
        options={options}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
