/**
 * Retailers: the list, the empty create, the save, the delete, and the presigned upload of a logo
 * (POST /admin/aws/presigned {key}, then a PUT of the file to the signed URL).
 */
import { retailerEndpoints as api, type RetailerBody, type RetailerStatus, uploadEndpoints } from '@atk/contract';
import { call, putFile } from '../../api/client.ts';

export const retailersApi = {
  list: (query: { page_num: number; page_size: number; name?: string; status?: RetailerStatus }) =>
    call(api.list, { query: { is_deleted: false, ...query } }),
  /** A new retailer: Inactive with an empty name until it is saved. */
  create: () => call(api.create, { body: {} }),
  save: (id: string, body: RetailerBody) => call(api.save, { params: { id }, body }),
  remove: (id: string) => call(api.remove, { params: { id } }),
  presign: (key: string) => call(uploadEndpoints.presignKey, { body: { key } }),
};

/** The storage key of a retailer's logo: images/origin/retailers/{id}_{timestamp}.{ext}. */
export const logoKey = (retailerId: string, fileName: string, now = Date.now()) => {
  const ext = (fileName.split('.').pop() ?? '').toLowerCase();
  return `images/origin/retailers/${retailerId}_${now}.${ext}`;
};

/** Uploads a logo: the signed URL for its key, then the file itself with its progress; resolves the stored image. */
export async function uploadLogo(retailerId: string, file: File, onProgress: (percent: number) => void) {
  const signed = await retailersApi.presign(logoKey(retailerId, file.name));
  await putFile(signed.presigned_url, file, signed.headers, onProgress);
  return { url: signed.url, key: signed.key, createdAt: new Date().toISOString() };
}

export const retailerKeys = {
  all: ['retailers'] as const,
  lists: () => [...retailerKeys.all, 'list'] as const,
};
