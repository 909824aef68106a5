import { EditOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type AudioRecord,
  type Instrument,
  type InstrumentBody,
  LABEL,
  MSG,
  NOTICE_SHORT_S,
  type Product,
  type Song,
} from '@atk/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Progress, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSave } from '../../../api/useSave.ts';
import { FileButton } from '../../../components/FileButton.tsx';
import { IconAction } from '../../../components/RowAction.tsx';
import { productKeys } from '../api.ts';
import { instrumentKeys, instrumentsApi, songKeys, songsApi } from './api.ts';
import { SourceDialog, type SourceFields } from './SourceDialog.tsx';
import { AUDIO_ACCEPT, AUDIO_LIMIT_TEXT, uploadAudio } from './uploadAudio.ts';

/**
 * Under a source of a cross-comparable song: which of the brand's products hold a ready recording of it, so the brand
 * sees at a glance what listeners can compare (docs/api.md "Who recorded a song").
 */
function RecordedBy({ products }: { products: { _id: string; name: string }[] | undefined }) {
  if (!products) return null;
  return (
    <div className="source__recorded" data-testid="recorded-by">
      {products.length ? `${LABEL.recordedBy}: ${products.map((p) => p.name).join(', ')}` : LABEL.notRecordedYet}
    </div>
  );
}

/** The key of one source's upload notices: a later one (the processing's failure) replaces the earlier. */
const uploadNotice = (sourceId: string) => `upload-${sourceId}`;

/** How often the sources are asked again while an audio record is being processed. */
export const POLL_MS = 2000;

const busy = (a: AudioRecord | null | undefined) => a?.status === 'uploaded' || a?.status === 'processing';

/** Whether the record's original is the file of `key` (its URL is a signed read link: the query is not compared). */
const isOriginalOf = (a: AudioRecord, key: string) => a.original_url.split('?')[0].endsWith(`/${key}`);

/**
 * The state of an audio record: Processing… / Ready / Failed: reason. A file the server holds but whose job has
 * not started yet ('uploaded') is shown as Processing… too: to the user it is the same wait, right after the
 * transfer.
 */
export function AudioState({ audio }: { audio: AudioRecord | null | undefined }) {
  if (!audio) return <Tag data-testid="audio-state">No audio</Tag>;
  switch (audio.status) {
    case 'uploaded':
    case 'processing':
      return (
        <Tag color="gold" icon={<LoadingOutlined />} data-testid="audio-state">
          {LABEL.audioProcessing}
        </Tag>
      );
    case 'ready':
      return (
        <Tag color="green" data-testid="audio-state">
          {LABEL.audioReady}
        </Tag>
      );
    default:
      return (
        <Tag color="red" className="audio-state--failed" data-testid="audio-state" title={audio.error ?? undefined}>
          {audio.error ? `${LABEL.audioFailed}: ${audio.error}` : LABEL.audioFailed}
        </Tag>
      );
  }
}

const fixed = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

function AudioFacts({ audio }: { audio: AudioRecord }) {
  return (
    <Space size="middle" wrap className="source__facts">
      <span className="source__file" title={audio.name}>
        {audio.name}
      </span>
      {audio.status === 'ready' && audio.url.includes('processed') && (
        <a href={audio.url} target="_blank" rel="noreferrer" data-testid="processed-link">
          {LABEL.processedMp3}
        </a>
      )}
      {audio.status === 'ready' && audio.lufs !== null && (
        <span data-testid="loudness">
          {fixed(audio.lufs)} LUFS
          {audio.true_peak !== null && <> · true peak {fixed(audio.true_peak)} dBTP</>}
        </span>
      )}
    </Space>
  );
}

const toFields = (i: Instrument): SourceFields => {
  const out: SourceFields = { name: i.name, performer: i.performer ?? '' };
  for (const [k, v] of Object.entries(i)) {
    if (typeof v === 'string' && !(k in out) && k !== '_id' && k !== 'song_id' && k !== 'updated_at')
      (out as Record<string, string>)[k] = v;
  }
  return out;
};

/**
 * The sources (instruments) of one song for this product, each with its audio state and its Upload button
 * ('Uploading... NN%' while sending, then Processing…). Asked again every 2 s while a record is uploaded or
 * processing; the outcome of an upload made here is told once, when its processing ends: 'Upload success' when it
 * is Ready, else the refusal's reason as an error toast (as well as the red state). A file refused before or at
 * the save is told at once, and only that.
 * Platform (is_atk) songs are read-only for brands: no upload, no new or edited source; an operator
 * uploads each product's take of them, and edits their sources on the ATK audios screen (`editable`).
 * Without a product (the ATK audios screen) the sources are listed without audio.
 */
export function SongSources({
  song,
  product,
  admin,
  editable = song.is_atk !== 1,
  adding,
  onAddingDone,
}: {
  song: Song;
  /** The product whose takes are shown and uploaded. */
  product?: Product;
  /** The calls use the /admin variant. */
  admin: boolean;
  /** Sources can be added and edited here. */
  editable?: boolean;
  /** The add-source dialog of this song is requested (from the panel header). */
  adding: boolean;
  onAddingDone: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const uploads = product !== undefined && (song.is_atk !== 1 || admin);
  const readOnly = !editable && !uploads;
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [editing, setEditing] = useState<Instrument | null>(null);
  const key = instrumentKeys.list(admin, song._id, product?._id);
  const editingFields = useMemo(() => (editing ? toFields(editing) : undefined), [editing]);

  const sources = useQuery({
    queryKey: key,
    queryFn: () => instrumentsApi.list(admin, song._id, product?._id),
    refetchInterval: (q) => (q.state.data?.list.some((i) => busy(i.audio)) ? POLL_MS : false),
  });
  // a cross-comparable song on a product's tab shows which of the product's brand's products recorded each source
  const brandId = admin ? product?.general.brand_id : undefined;
  const recordingsKey = useMemo(() => songKeys.recordings(admin, song._id, brandId), [admin, song._id, brandId]);
  const recordings = useQuery({
    queryKey: recordingsKey,
    queryFn: () => songsApi.recordings(admin, song._id, brandId),
    enabled: product !== undefined && song.song_type === 2,
  });
  const recordedBy = useMemo(
    () => new Map((recordings.data?.sources ?? []).map((s) => [s.instrument_id, s.products])),
    [recordings.data],
  );

  const audioOf = (i: Instrument) =>
    i.audio !== undefined
      ? i.audio
      : (product?.audio.find((a) => a.instrument_id === i._id && a.song_id === song._id) ?? null);

  // Uploads made here whose processing has not ended: source id → the uploaded file's key. A ref, so an outcome
  // is told once even when the effect runs twice; a record with another key (not refetched yet, or replaced by
  // someone else) is waited on.
  const followed = useRef(new Map<string, string>());
  useEffect(() => {
    for (const i of sources.data?.list ?? []) {
      const followedKey = followed.current.get(i._id);
      const audio = i.audio;
      if (!followedKey || !audio || !isOriginalOf(audio, followedKey) || busy(audio)) continue;
      followed.current.delete(i._id);
      if (audio.status === 'ready') {
        message.success({ content: MSG.uploadSuccess, key: uploadNotice(i._id) });
        // a take that became ready joins the song's "Recorded by"
        void queryClient.invalidateQueries({ queryKey: recordingsKey });
      } else
        message.error({
          content: audio.error ?? LABEL.audioFailed,
          key: uploadNotice(i._id),
          duration: NOTICE_SHORT_S,
        });
    }
  }, [sources.data, message, queryClient, recordingsKey]);

  const upload = async (i: Instrument, file: File) => {
    if (!product) return;
    try {
      const uploaded = await uploadAudio(
        file,
        { admin, productId: product._id, songId: song._id, instrumentId: i._id },
        (pct) => setProgress((p) => ({ ...p, [i._id]: pct })),
        (content) => message.error({ content, key: uploadNotice(i._id) }),
      );
      if (uploaded) {
        followed.current.set(i._id, uploaded);
        await queryClient.invalidateQueries({ queryKey: key });
        void queryClient.invalidateQueries({ queryKey: productKeys.one(admin, product._id) });
      }
    } finally {
      setProgress((p) => {
        const { [i._id]: _, ...rest } = p;
        return rest;
      });
    }
  };

  const source = useSave({
    save: ({ id, body }: { id?: string; body: InstrumentBody }) =>
      id ? instrumentsApi.update(admin, id, body) : instrumentsApi.create(admin, { ...body, song_id: song._id }),
    success: (_, { id }) => (id ? MSG.updateInstrumentSuccess : MSG.createInstrumentSuccess),
    invalidate: [key, recordingsKey],
  });
  const saveSource = (body: InstrumentBody): Promise<boolean> =>
    source.mutateAsync({ id: editing?._id, body }).then(() => true);

  const list = sources.data?.list ?? [];
  return (
    <>
      {sources.isPending && sources.isFetching ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={editable ? 'No sources yet: add the first source of this song.' : 'No sources'}
        />
      ) : (
        <ul className="sources">
          {list.map((i) => {
            const audio = audioOf(i);
            const pct = progress[i._id];
            return (
              <li key={i._id} className="source" data-testid="source" aria-label={`Source ${i.name}`}>
                <div className="source__main">
                  <Space wrap>
                    <span className="source__name">{i.name}</span>
                    {product && <AudioState audio={audio} />}
                  </Space>
                  {i.performer && (
                    <div>
                      <Typography.Text type="secondary">{i.performer}</Typography.Text>
                    </div>
                  )}
                  {audio && <AudioFacts audio={audio} />}
                  <RecordedBy products={recordedBy.get(i._id)} />
                </div>
                {!readOnly && (
                  <Space className="source__actions">
                    {!uploads ? null : pct !== undefined ? (
                      <span className="source__uploading" data-testid="uploading">
                        {LABEL.uploading} {pct}%
                        <Progress percent={pct} size="small" showInfo={false} style={{ width: 90 }} />
                      </span>
                    ) : (
                      <>
                        <FileButton
                          label={`Upload audio for ${i.name}`}
                          accept={AUDIO_ACCEPT}
                          icon={<UploadOutlined />}
                          onFile={(f) => void upload(i, f)}
                        >
                          {LABEL.upload}
                        </FileButton>
                        <span className="source__limit">{AUDIO_LIMIT_TEXT}</span>
                      </>
                    )}
                    {editable && (
                      <IconAction
                        type="text"
                        icon={<EditOutlined />}
                        label={`Edit source ${i.name}`}
                        onClick={() => setEditing(i)}
                      />
                    )}
                  </Space>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editable && (
        <SourceDialog
          open={adding || editing !== null}
          mode={editing ? 'edit' : 'new'}
          initial={editingFields}
          onSubmit={saveSource}
          onClose={() => {
            setEditing(null);
            onAddingDone();
          }}
        />
      )}
    </>
  );
}
