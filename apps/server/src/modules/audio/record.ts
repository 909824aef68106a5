import type { AudioRecord } from '@atk/contract';
import type { audios } from '../../db/schema.ts';

/** An audio row as the API answers it: the processed MP3 once ready, else the upload itself. */
export function toAudioRecord(a: typeof audios.$inferSelect): AudioRecord {
  return {
    _id: a.id,
    product_id: a.productId,
    song_id: a.songId,
    instrument_id: a.instrumentId,
    name: a.name,
    url: a.status === 'ready' && a.processedUrl ? a.processedUrl : a.url,
    original_url: a.url,
    status: a.status as AudioRecord['status'],
    error: a.error,
    lufs: a.lufs,
    true_peak: a.truePeak,
    duration_ms: a.durationMs,
    peaks_url: a.peaksUrl,
    updated_at: a.updatedAt.toISOString(),
  };
}
