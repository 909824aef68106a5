import { CustomerServiceOutlined, DeleteOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import { LABEL, MSG, type Song } from '@atk/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Popconfirm, Row, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useSave } from '../../../api/useSave.ts';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { useTabForm } from '../../../components/useTabForm.ts';
import { productKeys, productsApi } from '../api.ts';
import { type TabProps, useSaveSection } from '../context.ts';
import { AtkSongDialog } from './AtkSongDialog.tsx';
import { songKeys, songsApi } from './api.ts';
import { CrossSongDialog } from './CrossSongDialog.tsx';
import { SongDialog, type SongFields } from './SongDialog.tsx';
import { SongEditButtons, SongPanels } from './SongPanels.tsx';
import { SongSources } from './SongSources.tsx';

/** The explanatory panels of the Audio tab. */
export const AUDIO_HELP = {
  songs:
    'A song is a piece of music recorded through this product. Create a single-product song for recordings made ' +
    'only with this product, or a cross-comparable song: one song recorded through several products, so listeners ' +
    'can switch between them while it plays. Add your other products to it with ADD TO CROSS-COMPARABLE SONG.',
  sources:
    'A source is one recorded track of a song: an instrument or a voice, with its performer and recording chain. ' +
    'Upload one audio file per source for this product (WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg). It is converted to ' +
    'a 320 kbps MP3 and its loudness is measured, so products are compared at the same level.',
  empty: 'This product has no songs yet. Create its first song, then add its sources and upload their audio.',
};

const byOrder = (ids: string[], songs: Song[] | undefined) => {
  const found = new Map((songs ?? []).map((s) => [s._id, s]));
  return ids.map((id) => found.get(id)).filter((s): s is Song => Boolean(s));
};

/**
 * Audio: the product's songs as collapsible panels with their sources, CREATE NEW SONG, adding the
 * product to an existing cross-comparable song, EDIT SONG, the source dialog, the explanatory panels and, for
 * brand staff with no songs, a prompt to create the first one. The platform (ATK) songs the product offers
 * (`atk_songs`) are listed after its own: admins attach and remove them (saved at once) and upload the product's
 * take of each; brand staff see them read-only (docs/api.md "A product's ATK songs").
 * Uploads save the audio at once; SAVE CHANGES saves the product's song list (after a song was removed).
 */
export function AudioTab({ product, scope, binding }: TabProps) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'new' | 'cross' | 'atk' | Song | null>(null);
  const [addingSource, setAddingSource] = useState<string | null>(null);
  const section = useSaveSection(scope, product._id);
  const {
    value: songIds,
    setValue: setSongIds,
    dirty,
    submit: saveSongs,
    saving,
    markSaved,
  } = useTabForm<string[]>({
    binding,
    initial: () => product.songs,
    save: async (content, success) => {
      await section.save({ type: 'songs', content }, success);
      void queryClient.invalidateQueries({ queryKey: songKeys.all });
      return true;
    },
    saving: section.saving,
  });
  const admin = scope.admin;

  const own = useQuery({
    queryKey: songKeys.byIds(admin, songIds, false),
    queryFn: () => songsApi.byIds(admin, songIds),
    enabled: songIds.length > 0,
  });
  // the platform (ATK) songs the product offers: brands see them read-only
  const atk = useQuery({
    queryKey: songKeys.byIds(admin, product.atk_songs, true),
    queryFn: () => songsApi.byIds(admin, product.atk_songs, true),
    enabled: product.atk_songs.length > 0,
  });

  const songs = useMemo(() => {
    const list = byOrder(songIds, own.data?.list);
    for (const s of byOrder(product.atk_songs, atk.data?.list)) if (!songIds.includes(s._id)) list.push(s);
    return list;
  }, [songIds, own.data, atk.data, product.atk_songs]);

  const brandId = admin ? product.general.brand_id : undefined;

  const songBody = (values: SongFields) => ({
    name: values.name,
    song_writer: values.song_writer || null,
    brand_id: brandId,
  });
  const newSong = useSave({
    save: (values: SongFields) => songsApi.create(admin, { ...songBody(values), song_type: values.song_type ?? 1 }),
    success: MSG.createSongSuccess,
  });
  // the song belongs to the product once its id is in the product's songs
  const attachSong = useSave({
    save: (next: string[]) => productsApi.update(admin, product._id, { type: 'songs', content: next }),
    invalidate: [songKeys.all, productKeys.one(admin, product._id)],
    onSaved: (_, next) => markSaved(next),
  });
  const updateSong = useSave({
    save: ({ song, values }: { song: Song; values: SongFields }) => songsApi.update(admin, song._id, songBody(values)),
    success: MSG.updateSongSuccess,
    invalidate: [songKeys.all],
  });

  // a refusal rejects, so the dialog shows each refused field under it
  const createSong = async (values: SongFields): Promise<boolean> => {
    const song = await newSong.mutateAsync(values);
    await attachSong.mutateAsync([...songIds, song._id]).catch(() => undefined);
    return true;
  };

  const editSong = (song: Song, values: SongFields): Promise<boolean> =>
    updateSong.mutateAsync({ song, values }).then(() => true);

  // an operator's choice of platform songs is saved at once, apart from the tab's own song list
  const saveAtkSongs = (next: string[]) => section.save({ type: 'atk_songs', content: next }).catch(() => false);

  const addCross = async (songId: string): Promise<boolean> => {
    if (songIds.includes(songId)) return true; // already there: nothing to do
    return saveSongs([...songIds, songId]);
  };

  const editing = dialog && typeof dialog === 'object' ? dialog : null;
  const editingFields = useMemo(
    () => (editing ? { name: editing.name, song_writer: editing.song_writer ?? '' } : undefined),
    [editing],
  );

  const loading = (songIds.length > 0 && own.isPending) || (product.atk_songs.length > 0 && atk.isPending);
  const showPrompt = !admin && songIds.length === 0 && product.atk_songs.length === 0;

  const buttons = (
    <Space wrap>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('new')}>
        {LABEL.createNewSong}
      </Button>
      <Button icon={<ShareAltOutlined />} onClick={() => setDialog('cross')}>
        {LABEL.addToCrossComparableSong}
      </Button>
      {admin && (
        <Button icon={<CustomerServiceOutlined />} onClick={() => setDialog('atk')}>
          {LABEL.addAtkSong}
        </Button>
      )}
    </Space>
  );

  return (
    <TabFrame
      title={LABEL.tabAudio}
      testId="tab-audio"
      extra={showPrompt ? undefined : buttons}
      onSave={() => void saveSongs()}
      saving={saving}
      saveDisabled={!dirty}
    >
      <Row gutter={16} className="audio-help">
        <Col xs={24} md={12}>
          <Card size="small" title="Songs" data-testid="help-songs">
            {AUDIO_HELP.songs}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title="Sources" data-testid="help-sources">
            {AUDIO_HELP.sources}
          </Card>
        </Col>
      </Row>

      {showPrompt ? (
        <Empty className="audio-empty" data-testid="songs-empty" description={AUDIO_HELP.empty}>
          {buttons}
        </Empty>
      ) : loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : songs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No songs" />
      ) : (
        <SongPanels
          songs={songs}
          extra={(song) =>
            song.is_atk === 1 ? (
              admin && (
                <Popconfirm
                  title="Remove this ATK song from the product?"
                  okText="OK"
                  cancelText={LABEL.cancel}
                  onConfirm={() => saveAtkSongs(product.atk_songs.filter((id) => id !== song._id))}
                >
                  <Button size="small" icon={<DeleteOutlined />} aria-label={`Remove ATK song ${song.name}`} />
                </Popconfirm>
              )
            ) : (
              <>
                <SongEditButtons
                  song={song}
                  onAddSource={() => setAddingSource(song._id)}
                  onEdit={() => setDialog(song)}
                />
                {songIds.includes(song._id) && (
                  <Popconfirm
                    title="Remove this song from the product?"
                    okText="OK"
                    cancelText={LABEL.cancel}
                    onConfirm={() => setSongIds((ids) => ids.filter((id) => id !== song._id))}
                  >
                    <Button size="small" icon={<DeleteOutlined />} aria-label={`Remove song ${song.name}`} />
                  </Popconfirm>
                )}
              </>
            )
          }
        >
          {(song) => (
            <SongSources
              song={song}
              product={product}
              admin={admin}
              adding={addingSource === song._id}
              onAddingDone={() => setAddingSource(null)}
            />
          )}
        </SongPanels>
      )}

      <SongDialog
        open={dialog === 'new' || editing !== null}
        mode={editing ? 'edit' : 'new'}
        chooseType
        initial={editingFields}
        onSubmit={(values) => (editing ? editSong(editing, values) : createSong(values))}
        onClose={() => setDialog(null)}
      />
      {admin && (
        <AtkSongDialog
          open={dialog === 'atk'}
          attached={product.atk_songs}
          onSubmit={(id) => saveAtkSongs([...product.atk_songs, id])}
          onClose={() => setDialog(null)}
        />
      )}
      <CrossSongDialog
        open={dialog === 'cross'}
        admin={admin}
        brandId={brandId}
        onSubmit={addCross}
        onClose={() => setDialog(null)}
      />
    </TabFrame>
  );
}
