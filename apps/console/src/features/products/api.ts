/**
 * Products (spec 3 §7, spec 2 §7): the calls, the product image and frequency graph uploads, and the query keys
 * of the feature. Every key starts with `productKeys.all`, so invalidating it reloads every product list and
 * record at once.
 */
import type {
  FileUploadAnswer,
  ImageUploadAnswer,
  ListData,
  Product,
  ProductCreate,
  ProductImageType,
  ProductListItem,
  ProductListQuery,
  ProductUpdate,
} from '@atk/contract';
import { get, post, postForm, put } from '../../api/client.ts';
import { enc, scoped } from '../../api/scope.ts';

export const productsApi = {
  list: (admin: boolean, query: ProductListQuery) =>
    get<ListData<ProductListItem>>(scoped(admin, '/products'), { query: { ...query, is_deleted: false } }),
  create: (admin: boolean, general: ProductCreate) => post<Product>(scoped(admin, '/products'), { general }),
  read: (admin: boolean, id: string) => get<Product>(scoped(admin, `/products/${enc(id)}`)),
  /** Saves one section: {type, content} (spec 3 §4). */
  update: (admin: boolean, id: string, update: ProductUpdate) =>
    put<unknown>(scoped(admin, `/products/${enc(id)}`), update),
};

/** The uploads of a product's files (spec 3 §7 "Uploads"); its audio goes through audio/api.ts. */
export const uploadsApi = {
  /** POST /upload/images multipart (file, model, id, type, index) → data.photo.url. */
  productImage: (admin: boolean, file: File, productId: string, type: ProductImageType, index: number) => {
    const form = new FormData();
    form.append('model', 'products');
    form.append('id', productId);
    form.append('type', type);
    form.append('index', String(index));
    form.append('file', file);
    return postForm<ImageUploadAnswer>(scoped(admin, '/upload/images'), form);
  },
  /** POST /upload/files multipart (file, model=products, id, type=frequency) → data.audio.url. */
  frequencyGraph: (admin: boolean, file: File, productId: string) => {
    const form = new FormData();
    form.append('model', 'products');
    form.append('id', productId);
    form.append('type', 'frequency');
    form.append('file', file);
    return postForm<FileUploadAnswer>(scoped(admin, '/upload/files'), form);
  },
};

export const productKeys = {
  all: ['products'] as const,
  /** Every product list (of either scope, any brand). */
  lists: () => [...productKeys.all, 'list'] as const,
  list: (admin: boolean, brandId: string | null) => [...productKeys.lists(), admin, brandId] as const,
  one: (admin: boolean, id: string) => [...productKeys.all, 'one', admin, id] as const,
};
