import path from 'node:path';
import {
  AUDIO_MAX_BYTES,
  AUDIO_SNIFF_BYTES,
  type FileUploadFields,
  IMAGE_MAX_BYTES,
  type ImageUploadFields,
  MSG,
  type PresignedAnswer,
  type presignedAudioQuery,
  type presignedKeyBody,
  sniffAudio,
  storableText,
} from '@atk/contract';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { audios, products } from '../../db/schema.ts';
import type { Deps } from '../../http/types.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { contentTypeOf } from '../../platform/storage/keys.ts';
import { ObjectNotFound, type Storage } from '../../platform/storage/types.ts';
import { instrumentFor, productFor } from '../access/brand-scope.ts';
import { brandState } from '../access/brand-state.ts';
import { presignsProductImages } from '../access/roles.ts';
import type { SessionUser } from '../sessions/service.ts';
import { type Sniffed, sniffImage, sniffSvg, svgHasActiveContent } from './sniff.ts';
import { assertSvgCaps, sanitizeSvg } from './svg.ts';

export { IMAGE_MAX_BYTES };
/** A frequency graph (an image or an SVG) is small; 10 MB leaves room for a large PNG. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Texts of this module the spec does not give (the spec's own are in the contract's catalogue). */
export const UPLOAD_MSG = {
  notGraph: 'The file is not a graph this player can show (JPEG, PNG, WebP, GIF or SVG)',
  svgActive: 'The SVG file contains scripts or embedded content, which are not allowed',
  keyInUse: 'A file with this key already exists: use a new timestamp',
  notMultipart: 'Send the file as multipart/form-data',
  fileRequired: 'file is required',
  tooManyParts: 'Send one file with the fields model, id, type and index',
} as const;

type Ctx = Pick<Deps, 'db' | 'storage'>;

async function presign(storage: Storage, key: string): Promise<PresignedAnswer> {
  const { url, headers } = await storage.presignPut(key, contentTypeOf(key));
  return { presigned_url: url, url: storage.publicUrl(key), key, headers };
}

/**
 * GET /aws/presigned_url: a link to PUT the source audio of one instrument of one product. The product must be
 * the user's (404 otherwise), the instrument writable (a platform song is refused) and of the named song.
 * Here only the extension is checked; the first bytes are checked as they arrive (local PUT /files) or when the
 * file is attached (assertStoredAudio), and the whole file by the processing job.
 */
export async function presignAudio({ db, storage }: Ctx, user: SessionUser, q: z.infer<typeof presignedAudioQuery>) {
  const product = await productFor(db, user, q.product_id);
  if (q.brand_id && product.brandId !== q.brand_id) throw notFound(MSG.productNotFound);
  const { instrument } = await instrumentFor(db, user, q.instrument_id, { write: true });
  if (instrument.songId !== q.song_id) throw notFound(MSG.instrumentNotFound);
  const cap = await uploadCap(db, product.brandId);
  // A file over the cap is refused before any byte is sent (storage would cut it off mid-transfer), in the words
  // the console shows for it (docs/api.md "A brand's state and scope").
  if (q.size !== undefined && q.size > cap.maxBytes) throw cap.pending ? pendingTooLarge() : audioTooLarge();
  if (cap.pending && cap.files >= PENDING_AUDIO_MAX_FILES) throw new AppError(413, MSG.pendingTooManyFiles);
  return presign(storage, `audio/origin/${product.id}/${instrument.id}_${Date.now()}.${q.mine_type}`);
}

/**
 * An uploaded source audio about to be attached to its product: a presigned PUT to S3 cannot look at the content
 * as it arrives (the local PUT /files refuses it there), so its first bytes are read here, and a file that cannot
 * be audio is removed and refused with the reason instead of failing its job later.
 */
export async function assertStoredAudio(storage: Storage, key: string): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // Leaving the loop early destroys the stream: nothing more of the file is fetched.
    for await (const chunk of await storage.get(key)) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= AUDIO_SNIFF_BYTES) break;
    }
  } catch (err) {
    if (err instanceof ObjectNotFound) throw badRequest(MSG.uploadMissing);
    throw err;
  }
  if (sniffAudio(Buffer.concat(chunks))) return;
  await storage.delete(key);
  throw badRequest(MSG.notAudio);
}

/**
 * Source audio of a brand not confirmed yet (a self sign-up waiting for an operator) is capped: 50 MB a file and
 * 10 files (500 MB in all), asked at the link (with the size the console sends) and checked again at the attach
 * (docs/api.md "A brand's state and scope"). A confirmed brand has the AUDIO_MAX_BYTES of every upload.
 */
export const PENDING_AUDIO_MAX_BYTES = 50 * 1024 * 1024;
export const PENDING_AUDIO_MAX_FILES = 10;

export async function uploadCap(db: Ctx['db'], brandId: string) {
  if ((await brandState(db, brandId)) !== 'pending') return { pending: false, maxBytes: AUDIO_MAX_BYTES, files: 0 };
  const [row] = await db
    .select({ files: count() })
    .from(audios)
    .innerJoin(products, eq(products.id, audios.productId))
    .where(eq(products.brandId, brandId));
  return { pending: true, maxBytes: PENDING_AUDIO_MAX_BYTES, files: Number(row.files) };
}

export const pendingTooLarge = () => new AppError(413, MSG.pendingFileTooLarge);
export const audioTooLarge = () => new AppError(413, MSG.audioTooLarge);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * POST /api/v1/admin/aws/presigned {key}: a link to PUT an image under a key the caller names. Product images
 * are for admins (the product named in the key must exist); retailer images also for the atk operator, whose
 * Retailers screen uploads them. A key is written once: one already in use is refused.
 */
export async function presignKey({ db, storage }: Ctx, user: SessionUser, { key }: z.infer<typeof presignedKeyBody>) {
  if (!key.startsWith('images/origin/retailers/')) {
    if (!presignsProductImages(user)) throw forbidden();
    const productId = UUID.exec(key)?.[0];
    if (productId) await productFor(db, user, productId);
  }
  if (await storage.head(key)) throw conflict(UPLOAD_MSG.keyInUse);
  return presign(storage, key);
}

// ── Multipart uploads ────────────────────────────────────────────────────────────────────────────────────
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** Fields of a multipart form, checked like a JSON body: the first problem, as `{field} {problem}`. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badRequest(`${issue.path.join('.') || 'Form'} ${issue.message}`);
}

/** POST /upload/images: a product image (thumbnail, large, additional, a 360° slot). */
export async function uploadImage(
  { db, storage }: Ctx,
  user: SessionUser,
  fields: ImageUploadFields,
  file: UploadedFile | null,
) {
  const product = await productFor(db, user, fields.id);
  if (!file) throw badRequest(UPLOAD_MSG.fileRequired);
  const kind = sniffImage(file.data);
  if (!kind) throw badRequest(MSG.notImage);
  const key = `images/origin/products/${product.id}/${fields.type}_${fields.index}_${Date.now()}.${kind.ext}`;
  return { photo: await store(storage, key, file, kind) };
}

/** POST /upload/files: a product's frequency graph, an image or an SVG without script (not PDF: the player shows it inline). */
export async function uploadFile(
  { db, storage }: Ctx,
  user: SessionUser,
  fields: FileUploadFields,
  file: UploadedFile | null,
) {
  const product = await productFor(db, user, fields.id);
  if (!file) throw badRequest(UPLOAD_MSG.fileRequired);
  const kind = sniffImage(file.data) ?? sniffSvg(file.data);
  if (!kind) throw badRequest(UPLOAD_MSG.notGraph);
  let stored = file;
  if (kind.ext === 'svg') {
    // Over the caps, refused before anything reads the whole file. Plain script is refused with its reason; whatever else could run (encoded URLs, animation of event
    // attributes, `<use>` of a data URL…) is removed by the sanitiser, and the sanitised document is stored.
    assertSvgCaps(file.data);
    if (svgHasActiveContent(file.data)) throw badRequest(UPLOAD_MSG.svgActive);
    const clean = await sanitizeSvg(file.data);
    if (!clean) throw badRequest(UPLOAD_MSG.notGraph);
    stored = { ...file, data: clean };
  }
  const key = `files/products/${product.id}/frequency_${Date.now()}.${kind.ext}`;
  // The spec's answer names it `audio` (record.audio.url).
  return { audio: await store(storage, key, stored, kind) };
}

async function store(storage: Storage, key: string, file: UploadedFile, kind: Sniffed) {
  await storage.put(key, file.data, kind.contentType);
  return { url: storage.publicUrl(key), name: displayName(file.filename, kind), key };
}

/** The name shown beside the file: the uploaded file's own name, without any path, storable, bounded. */
function displayName(filename: string, kind: Sniffed): string {
  const base = storableText(path.basename(filename.replaceAll('\\', '/')))
    .trim()
    .slice(0, 300)
    // A cut may split a surrogate pair.
    .replace(/[\ud800-\udbff]$/, '');
  return base || `file.${kind.ext}`;
}

export const tooLargeImage = () => new AppError(400, MSG.pictureTooLarge);
export const tooLargeFile = () => new AppError(413, MSG.fileTooLarge);
