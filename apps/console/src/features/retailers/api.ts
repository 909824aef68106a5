/**
 * Retailers (spec 3 §7 "Mobile operator", paths from /api/v1): the list, the empty create, the save, the delete, and
 * the presigned upload of a logo (POST /admin/aws/presigned {key}, then a PUT of the file to the signed URL).
 */
import type { ListData, PresignedAnswer, Retailer, RetailerBody, RetailerStatus } from '@atk/contract';
import { del, get, post, put, putFile } from '../../api/client.ts';
import { enc } from '../../api/scope.ts';

const V1 = { base: '/api/v1' } as const;

export const retailersApi = {
  list: (query: { page_num: number; page_size: number; name?: string; status?: RetailerStatus }) =>
    get<ListData<Retailer>>('/admin/retailers', { ...V1, query: { is_deleted: false, ...query } }),
  /** A new retailer: Inactive with an empty name until it is saved. */
  create: () => post<Retailer>('/admin/retailers', {}, V1),
  save: (id: string, body: RetailerBody) => put<Retailer>(`/admin/retailers/${enc(id)}`, body, V1),
  remove: (id: string) => del<null>(`/admin/retailers/${enc(id)}`, V1),
  presign: (key: string) => post<PresignedAnswer>('/admin/aws/presigned', { key }, V1),
};

/** The storage key of a retailer's logo (spec 3 §7 Uploads): images/origin/retailers/{id}_{timestamp}.{ext}. */
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
