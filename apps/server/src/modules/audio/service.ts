import { MSG } from '@atk/contract';
import { and, eq } from 'drizzle-orm';
import { audioMaxSeconds } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { audios } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { NotAudioError, probeAudio, TooLongError, ToolTimeout } from '../../platform/media/index.ts';
import type { Queue } from '../../platform/queue/types.ts';
import { LocalStorage } from '../../platform/storage/local.ts';
import type { Storage } from '../../platform/storage/types.ts';

export { toAudioRecord } from './record.ts';

export type AudioRow = typeof audios.$inferSelect;

export interface AudioDeps {
  db: Db;
  storage: Storage;
  queue: Queue;
}

export interface SaveAudioInput {
  productId: string;
  songId: string;
  instrumentId: string;
  /** The file's name as the user sees it. */
  name: string;
  /** The uploaded file: its storage key, or one of the storage's public URLs. */
  key?: string;
  url?: string;
}

/** The msg of audio longer than `maxSeconds` (AUDIO_MAX_MINUTES), at attach time and from the job alike. */
export function audioTooLongMessage(maxSeconds: number): string {
  return MSG.audioTooLong.replace('{minutes}', String(Math.round((maxSeconds / 60) * 100) / 100));
}

/** How long the attach-time probe may take before the decision is left to the job. */
const ATTACH_PROBE_MS = 10_000;
const PCM_SLACK_SECONDS = 60;

/**
 * A stored source audio about to be attached, probed at once (ffprobe reads the header, well under a second) so
 * that a file the job would refuse (not audio, longer than AUDIO_MAX_MINUTES) is refused now with the job's msg,
 * not minutes later behind other jobs; the refused file is removed. Local storage: the file itself. Other stores:
 * the object streamed to ffprobe, which reads its start only: WAV/AIFF are bounded by their size, a length it cannot
 * tell from the start (MP3, Ogg) is left to the job, which keeps its own checks; so is a probe slower than
 * ATTACH_PROBE_MS. See docs/api.md "Audio refused at attach time".
 */
export async function assertPlayableAudio(storage: Storage, key: string, maxSeconds = audioMaxSeconds()) {
  const source = storage instanceof LocalStorage ? storage.pathOf(key) : await storage.get(key);
  try {
    const probe = await probeAudio(source, { maxSeconds, timeoutMs: ATTACH_PROBE_MS });
    // From a stream ffprobe states no length for WAV/AIFF: PCM's size over its exact bit rate bounds it (headers
    // and metadata chunks count as audio, so a minute of slack keeps a file near the limit for the job).
    if (probe.durationSeconds === null && probe.codec.startsWith('pcm_') && probe.bitRate) {
      const size = (await storage.head(key))?.size ?? 0;
      const seconds = (size * 8) / probe.bitRate;
      if (seconds > maxSeconds + PCM_SLACK_SECONDS) throw new TooLongError(seconds, maxSeconds);
    }
  } catch (err) {
    if (err instanceof ToolTimeout) return;
    if (!(err instanceof TooLongError || err instanceof NotAudioError)) throw err;
    await storage.delete(key);
    throw badRequest(err instanceof TooLongError ? audioTooLongMessage(maxSeconds) : MSG.notAudio);
  } finally {
    if (typeof source !== 'string') source.destroy();
  }
}

/** Everything processing produces, cleared when a new file replaces the old one. */
const NOT_PROCESSED = {
  status: 'uploaded',
  error: null,
  processedKey: null,
  processedUrl: null,
  peaksUrl: null,
  lufs: null,
  truePeak: null,
  durationMs: null,
  sampleRate: null,
  channels: null,
} as const;

/**
 * The audio of one source (instrument) for one product: adds it, or replaces the file of the existing one
 * (unique per product and instrument). A new file (or a failed one saved again) goes back to 'uploaded' with its
 * results cleared, and processing is enqueued; saving the same file again only updates the name and song.
 * A job still running for the replaced file finds the key changed and leaves the row alone.
 */
export async function saveAudio(deps: AudioDeps, input: SaveAudioInput): Promise<AudioRow> {
  const { db, storage, queue } = deps;
  const key = input.key ?? (input.url ? storage.keyOf(input.url) : null);
  if (!key) throw badRequest('url must be a stored file');
  const file = { key, url: storage.publicUrl(key) };
  const target = and(eq(audios.productId, input.productId), eq(audios.instrumentId, input.instrumentId));

  const [inserted] = await db
    .insert(audios)
    .values({ ...input, ...file, ...NOT_PROCESSED })
    .onConflictDoNothing({ target: [audios.productId, audios.instrumentId] })
    .returning();
  if (inserted) {
    await queue.enqueue(inserted.id);
    return inserted;
  }

  const { row, replaced } = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(audios).where(target).for('update');
    const fresh = before.key !== key || before.status === 'failed';
    const [after] = await tx
      .update(audios)
      .set({
        songId: input.songId,
        name: input.name,
        updatedAt: new Date(),
        ...(fresh ? { ...file, ...NOT_PROCESSED } : {}),
      })
      .where(eq(audios.id, before.id))
      .returning();
    return { row: after, replaced: fresh ? before : null };
  });
  if (row.status === 'uploaded') await queue.enqueue(row.id);
  // The replaced file's results are no longer referenced (the upload itself belongs to the uploads module).
  if (replaced && replaced.key !== key) await removeOutputs(storage, replaced);
  return row;
}

/** Deletes the processed MP3 and peaks of a row, best effort. */
export async function removeOutputs(storage: Storage, row: Pick<AudioRow, 'processedKey' | 'peaksUrl'>) {
  const keys = [row.processedKey, row.peaksUrl ? storage.keyOf(row.peaksUrl) : null];
  await Promise.all(keys.map((k) => (k ? storage.delete(k).catch(() => {}) : undefined)));
}
