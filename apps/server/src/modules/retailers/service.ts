import { IMAGE_MAX_BYTES, IMAGE_SNIFF_BYTES, MSG, type Retailer, type RetailerBody } from '@atk/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listPage, lowerContains, type Page } from '../../db/query.ts';
import { retailers } from '../../db/schema.ts';
import { deletedIs, getLive, softDelete } from '../../db/soft-delete.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage/types.ts';
import { sniffImage } from '../uploads/sniff.ts';

/** Texts of this module the spec does not give (the spec's own are in the contract's catalogue). */
export const RETAILER_MSG = {
  notFound: 'Retailer not found',
  imageKey: 'retailer_image.key must be an image uploaded for this retailer (images/origin/retailers/{id}_{timestamp})',
  imageUrl: 'retailer_image.url must be the address of the uploaded image',
} as const;

type RetailerRow = typeof retailers.$inferSelect;

export const toRetailer = (r: RetailerRow): Retailer => ({
  _id: r.id,
  name: r.name,
  status: r.status === '1' ? '1' : '0',
  retailer_image: r.image ?? null,
  website: r.website,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The list, newest change first; `name` is a case-insensitive "contains" (served by the trigram index). */
export async function listRetailers(db: Db, q: Page & { name?: string; status?: '0' | '1' }) {
  // deleted retailers are gone for good (docs/api.md "Retailers and mobile settings"), whatever is_deleted asks
  const filters: SQL[] = [deletedIs(retailers)];
  if (q.name) filters.push(lowerContains(retailers.name, q.name));
  if (q.status) filters.push(eq(retailers.status, q.status));
  const where = and(...filters);
  const rows = db
    .select()
    .from(retailers)
    .where(where)
    .orderBy(desc(retailers.updatedAt), desc(retailers.id))
    .$dynamic();
  return listPage(db, q, rows, { from: retailers, where }, toRetailer);
}

/**
 * "Add" makes an empty, Inactive retailer at once (the console then edits it in place: docs/api.md
 * "Retailers and mobile settings").
 */
export async function createRetailer(db: Db): Promise<Retailer> {
  const [row] = await db.insert(retailers).values({ name: '', status: '0' }).returning();
  return toRetailer(row);
}

/** A logo key of this retailer, as the console names it for the signed upload. */
const ownKey = (id: string) => new RegExp(`^images/origin/retailers/${id}_\\d{1,16}\\.(jpg|jpeg|png|webp|gif)$`, 'i');

/** The first bytes of a stored object (the stream is left as soon as they are read). */
async function headBytes(storage: Storage, key: string, n: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await storage.get(key)) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= n) break;
  }
  return Buffer.concat(chunks);
}

/**
 * The logo a save names must be a file uploaded for this retailer, at the storage's own address for its key,
 * within the 2 MB limit, and an image by its bytes (as product images are): a presigned PUT straight to S3 can
 * bound neither its size nor its content, so the stored object is measured and sniffed here (one refused is
 * removed). An unchanged logo is not checked again.
 */
async function checkImage(storage: Storage, id: string, image: NonNullable<RetailerBody['retailer_image']>) {
  if (!ownKey(id).test(image.key)) throw badRequest(RETAILER_MSG.imageKey);
  if (image.url !== storage.publicUrl(image.key)) throw badRequest(RETAILER_MSG.imageUrl);
  const stored = await storage.head(image.key);
  if (!stored) throw badRequest(MSG.uploadMissing);
  if (stored.size > IMAGE_MAX_BYTES) {
    await storage.delete(image.key);
    throw badRequest(MSG.pictureTooLarge);
  }
  if (!sniffImage(await headBytes(storage, image.key, IMAGE_SNIFF_BYTES))) {
    await storage.delete(image.key);
    throw badRequest(MSG.notImage);
  }
}

/**
 * PUT /admin/retailers/{id}: name and status always; `retailer_image` and `website` when given (null clears one,
 * leaving one out keeps what is stored). The row is locked while the logo is checked, so two saves apply in turn.
 */
export async function updateRetailer(db: Db, storage: Storage, id: string, body: RetailerBody): Promise<Retailer> {
  return db.transaction(async (tx) => {
    const current = await getLive(tx, retailers, id, RETAILER_MSG.notFound, { lock: true });
    const image = body.retailer_image;
    if (image && !(current.image && current.image.key === image.key && current.image.url === image.url))
      await checkImage(storage, id, image);
    const [row] = await tx
      .update(retailers)
      .set({
        name: body.name,
        status: body.status,
        ...(image !== undefined ? { image } : {}),
        ...(body.website !== undefined ? { website: body.website } : {}),
        updatedAt: new Date(),
      })
      .where(eq(retailers.id, id))
      .returning();
    return toRetailer(row);
  });
}

export async function deleteRetailer(db: Db, id: string): Promise<void> {
  await softDelete(db, retailers, id, RETAILER_MSG.notFound);
}
