/**
 * Products (docs/api.md "Brand content"): the calls, the product image and frequency graph uploads, and the query
 * keys of the feature. Every key starts with `productKeys.all`, so invalidating it reloads every product list and
 * record at once.
 */
import {
  productEndpoints as api,
  type ProductCreate,
  type ProductImageType,
  type ProductQuery,
  type ProductUpdate,
  uploadEndpoints as uploads,
} from '@atk/contract';
import { call, callForm } from '../../api/client.ts';

export const productsApi = {
  list: (admin: boolean, query: ProductQuery) =>
    call(api.products.of(admin), { query: { ...query, is_deleted: false } }),
  create: (admin: boolean, general: ProductCreate) => call(api.createProduct.of(admin), { body: { general } }),
  read: (admin: boolean, id: string) => call(api.product.of(admin), { params: { id } }),
  /** Saves one section: {type, content} (docs/api.md "Brand content"). */
  update: (admin: boolean, id: string, update: ProductUpdate) =>
    call(api.updateProduct.of(admin), { params: { id }, body: update }),
};

/** The uploads of a product's files (docs/api.md "Uploads and storage"); its audio goes through audio/api.ts. */
export const uploadsApi = {
  /** POST /upload/images multipart (file, model, id, type, index) → data.photo.url. */
  productImage: (admin: boolean, file: File, productId: string, type: ProductImageType, index: number) => {
    const form = new FormData();
    form.append('model', 'products');
    form.append('id', productId);
    form.append('type', type);
    form.append('index', String(index));
    form.append('file', file);
    return callForm(uploads.uploadImage.of(admin), form);
  },
  /** POST /upload/files multipart (file, model=products, id, type=frequency) → data.audio.url. */
  frequencyGraph: (admin: boolean, file: File, productId: string) => {
    const form = new FormData();
    form.append('model', 'products');
    form.append('id', productId);
    form.append('type', 'frequency');
    form.append('file', file);
    return callForm(uploads.uploadFile.of(admin), form);
  },
};

export const productKeys = {
  all: ['products'] as const,
  /** Every product list (of either scope, any brand). */
  lists: () => [...productKeys.all, 'list'] as const,
  list: (admin: boolean, brandId: string | null) => [...productKeys.lists(), admin, brandId] as const,
  one: (admin: boolean, id: string) => [...productKeys.all, 'one', admin, id] as const,
};
