import { z } from 'zod';
import { AUDIO_EXTENSIONS, IMAGE_TYPES } from '../constants.ts';
import type { QueryValues } from '../endpoint.ts';
import { id, safeString, says } from './common.ts';

/**
 * GET /aws/presigned_url?mine_type={extension}&product_id&song_id&instrument_id ("mine_type" sic; docs/api.md
 * "Uploads and storage").
 */
export const presignedAudioQuery = z.object({
  mine_type: z
    .enum(AUDIO_EXTENSIONS, {
      error: `must be an audio file extension: ${AUDIO_EXTENSIONS.join(', ')}`,
    })
    .describe(`The file's extension ("mine_type" sic): ${AUDIO_EXTENSIONS.join(', ')}.`),
  product_id: id.describe('The product the recording is for.'),
  song_id: id.describe('The song it is a recording of.'),
  instrument_id: id.describe('The source (instrument track) it is a recording of.'),
  brand_id: id.optional().describe("When sent, the product's brand: another brand's product is a 404."),
  /** The file's size in bytes: a brand not confirmed yet is refused a link for a file over its cap at once. */
  size: z.coerce
    .number({ error: 'must be a whole number of bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(0, { error: 'must be a whole number of bytes' })
    .optional()
    .describe("The file's size in bytes: a brand not confirmed yet is refused a link at once for a file over its cap."),
});
/** GET /aws/presigned_url as a caller gives it. */
export type PresignedAudioQuery = QueryValues<typeof presignedAudioQuery>;

/** POST /api/v1/admin/aws/presigned {key}. */
export const presignedKeyBody = z
  .object({
    key: safeString()
      .max(500)
      .regex(/^images\/origin\/(products|retailers)\/[\w/-]+_\d+\.(jpg|jpeg|png|webp|gif)$/i, {
        error: 'must be images/origin/{products|retailers}/…_{timestamp}.{jpg|jpeg|png|webp|gif}',
      })
      .describe(
        'The storage key to write: images/origin/{products|retailers}/{id}_{timestamp}.{jpg|jpeg|png|webp|gif}.',
      ),
  })
  .meta({ example: { key: 'images/origin/retailers/6e4a2f0d-8c1b-4f7e-a3d2-5b9c0e1f2a34_1767225600000.png' } });
export type PresignedKeyBody = z.infer<typeof presignedKeyBody>;

export const presignedAnswer = z.object({
  presigned_url: z.string().describe('Where to PUT the file: a signed URL, valid for a short time.'),
  /** Where the file is read from once written. */
  url: z.string().describe('Where the file is read from once written.'),
  key: z.string().describe("The file's storage key."),
  /** Headers the PUT must carry. */
  headers: z.record(z.string(), z.string()).describe('Headers the PUT must carry, by name.'),
});
export type PresignedAnswer = z.infer<typeof presignedAnswer>;

/** A stored upload: where it is read from, the name shown beside it, its storage key. */
export const uploadedFile = z.object({
  url: z.string().describe('Where the stored file is read from.'),
  name: z.string().describe("The name shown beside it (the uploaded file's)."),
  key: z.string().describe('Its storage key.'),
});
export type UploadedFile = z.infer<typeof uploadedFile>;
/** POST /upload/images answers `photo`; POST /upload/files answers `audio` (the spec's name for the graph file). */
export const imageUploadAnswer = z.object({ photo: uploadedFile.describe('The stored image.') });
export const fileUploadAnswer = z.object({
  audio: uploadedFile.describe('The stored file (the frequency graph; "audio" is the historical name).'),
});
export type ImageUploadAnswer = z.infer<typeof imageUploadAnswer>;
export type FileUploadAnswer = z.infer<typeof fileUploadAnswer>;

/** The image slots of a product (POST /upload/images `type`). */
export type ProductImageType = (typeof IMAGE_TYPES)[number];

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, says(`must be one of: ${values.join(', ')}`));

/** The text fields of POST /upload/images (multipart), checked like a JSON body. */
export const imageUploadFields = z.object({
  model: oneOf(['products']).describe('What the image belongs to: products.'),
  id: id.describe('The product.'),
  type: oneOf(IMAGE_TYPES).describe(`Its slot: ${IMAGE_TYPES.join(', ')}.`),
  index: z.coerce
    .number(says('must be a number'))
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be at least 0' })
    .max(49, { error: 'must be at most 49' })
    .default(0)
    .describe('Its position among the gallery or 360° images, 0 to 49 (0 unless told).'),
});
export type ImageUploadFields = z.infer<typeof imageUploadFields>;

/** The text fields of POST /upload/files (multipart). */
export const fileUploadFields = z.object({
  model: oneOf(['products']).describe('What the file belongs to: products.'),
  id: id.describe('The product.'),
  type: oneOf(['frequency']).describe('What it is: frequency (the frequency graph).'),
});
export type FileUploadFields = z.infer<typeof fileUploadFields>;
