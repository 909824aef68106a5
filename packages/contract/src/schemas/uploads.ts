import { z } from 'zod';
import { id } from './common.ts';

/** Audio the pipeline accepts (spec: WAV, AIFF, FLAC, MP3, M4A/AAC, Ogg). */
export const AUDIO_EXTENSIONS = ['wav', 'aiff', 'aif', 'flac', 'mp3', 'm4a', 'aac', 'ogg', 'oga'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif'] as const;
export const AUDIO_MAX_BYTES = 500 * 1024 * 1024;

/** GET /aws/presigned_url?mine_type={extension}&product_id&song_id&instrument_id (spec 3 §7, "mine_type" sic). */
export const presignedAudioQuery = z.object({
  mine_type: z.enum(AUDIO_EXTENSIONS, {
    error: `must be an audio file extension: ${AUDIO_EXTENSIONS.join(', ')}`,
  }),
  product_id: id,
  song_id: id,
  instrument_id: id,
  brand_id: id.optional(),
});

/** POST /api/v1/admin/aws/presigned {key}. */
export const presignedKeyBody = z.object({
  key: z
    .string()
    .max(500)
    .regex(/^images\/origin\/(products|retailers)\/[\w/-]+_\d+\.(jpg|jpeg|png|webp|gif)$/i, {
      error: 'must be images/origin/{products|retailers}/…_{timestamp}.{jpg|jpeg|png|webp|gif}',
    }),
});

export const presignedAnswer = z.object({
  presigned_url: z.string(),
  /** Where the file is read from once written. */
  url: z.string(),
  key: z.string(),
  /** Headers the PUT must carry. */
  headers: z.record(z.string(), z.string()),
});
