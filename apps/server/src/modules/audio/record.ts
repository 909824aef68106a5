import type { AudioRecord } from '@atk/contract';
import type { audios } from '../../db/schema.ts';
import type { Storage } from '../../platform/storage/types.ts';

/**
 * An audio row as the API answers it: the processed MP3 once ready, else the upload itself. The upload (the
 * private original) is answered as a short-lived signed link: only authorised reads present audio rows.
 */
export async function toAudioRecord(storage: Storage, a: typeof audios.$inferSelect): Promise<AudioRecord> {
  const original = await storage.readUrl(a.key);
  return {
    _id: a.id,
    product_id: a.productId,
    song_id: a.songId,
    instrument_id: a.instrumentId,
    name: a.name,
    url: a.status === 'ready' && a.processedUrl ? a.processedUrl : original,
    original_url: original,
    status: a.status as AudioRecord['status'],
    error: a.error,
    lufs: a.lufs,
    true_peak: a.truePeak,
    duration_ms: a.durationMs,
    peaks_url: a.peaksUrl,
    updated_at: a.updatedAt.toISOString(),
  };
}
