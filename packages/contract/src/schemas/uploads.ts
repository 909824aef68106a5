import { z } from 'zod';
import { AUDIO_EXTENSIONS, IMAGE_TYPES } from '../constants.ts';
import { id, safeString, says } from './common.ts';

/**
 * GET /aws/presigned_url?mine_type={extension}&product_id&song_id&instrument_id ("mine_type" sic; docs/api.md
 * "Uploads and storage").
 */
export const presignedAudioQuery = z.object({
  mine_type: z.enum(AUDIO_EXTENSIONS, {
    error: `must be an audio file extension: ${AUDIO_EXTENSIONS.join(', ')}`,
  }),
  product_id: id,
  song_id: id,
  instrument_id: id,
  brand_id: id.optional(),
  /** The file's size in bytes: a brand not confirmed yet is refused a link for a file over its cap at once. */
  size: z.coerce
    .number({ error: 'must be a whole number of bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(0, { error: 'must be a whole number of bytes' })
    .optional(),
});

/** POST /api/v1/admin/aws/presigned {key}. */
export const presignedKeyBody = z.object({
  key: safeString()
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
export type PresignedAnswer = z.infer<typeof presignedAnswer>;

/** A stored upload: where it is read from, the name shown beside it, its storage key. */
export const uploadedFile = z.object({ url: z.string(), name: z.string(), key: z.string() });
export type UploadedFile = z.infer<typeof uploadedFile>;
/** POST /upload/images answers `photo`; POST /upload/files answers `audio` (the spec's name for the graph file). */
export const imageUploadAnswer = z.object({ photo: uploadedFile });
export const fileUploadAnswer = z.object({ audio: uploadedFile });
export type ImageUploadAnswer = z.infer<typeof imageUploadAnswer>;
export type FileUploadAnswer = z.infer<typeof fileUploadAnswer>;

/** The image slots of a product (POST /upload/images `type`). */
export type ProductImageType = (typeof IMAGE_TYPES)[number];

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, says(`must be one of: ${values.join(', ')}`));

/** The text fields of POST /upload/images (multipart), checked like a JSON body. */
export const imageUploadFields = z.object({
  model: oneOf(['products']),
  id,
  type: oneOf(IMAGE_TYPES),
  index: z.coerce
    .number(says('must be a number'))
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be at least 0' })
    .max(49, { error: 'must be at most 49' })
    .default(0),
});
export type ImageUploadFields = z.infer<typeof imageUploadFields>;

/** The text fields of POST /upload/files (multipart). */
export const fileUploadFields = z.object({
  model: oneOf(['products']),
  id,
  type: oneOf(['frequency']),
});
export type FileUploadFields = z.infer<typeof fileUploadFields>;
