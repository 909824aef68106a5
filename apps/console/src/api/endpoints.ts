/**
 * Typed calls of the player API (spec 1 §7), on top of the one client. Screens of later issues add their
 * resources here or beside their feature, always through `request`.
 */
import type {
  AudioRecord,
  GuideContent,
  Instance,
  InstanceUpdate,
  InstrumentField,
  ListData,
  Product,
  ProductGeneral,
  ProductUpdate,
  ProfileField,
  Song,
  UserInfo,
} from '@atk/contract';
import { hashPassword, PICKER_PAGE_SIZE } from '@atk/contract';
import { del, get, post, postForm, put, type RequestOptions } from './client.ts';

export interface LoginData {
  token: string;
  user_info: UserInfo;
}

export interface InvitationData {
  user_info: UserInfo;
  token: string;
}

export interface LandingSettingData {
  type?: string;
  content: { instance: { _id: string } | null } | null;
}

export type ProfilePayload = Record<ProfileField, string | null>;

export const usersApi = {
  login: (email: string, password: string) =>
    post<LoginData>('/users/login', { email, password: hashPassword(password) }, { anonymous: true }),
  /** Revokes the token; an auth failure here is silent (the session is cleared anyway). */
  logout: () => post<null>('/users/logout', {}, { onAuthError: 'quiet' }),
  info: (options?: Pick<RequestOptions, 'onAuthError' | 'signal'>) => get<UserInfo>('/users/info', options),
  updateProfile: (profile: ProfilePayload) => put<UserInfo>('/users/profile', profile),
  /** Setting the first password of an invited user: origin_password is empty (spec 1 §7). */
  setInitialPassword: (password: string, confirm: string) =>
    post<null>('/users/update_password', {
      origin_password: '',
      new_password: hashPassword(password),
      password_confirm: hashPassword(confirm),
    }),
  requestReset: (email: string) => post<null>('/users/reset_password', { email }, { anonymous: true }),
  completeReset: (uuid: string, password: string, confirm: string) =>
    put<null>(
      '/users/reset_password/update',
      { uuid, password: hashPassword(password), password_confirm: hashPassword(confirm) },
      { anonymous: true },
    ),
};

export const invitationsApi = {
  read: (uuid: string) => get<InvitationData>(`/invitations/${encodeURIComponent(uuid)}`, { anonymous: true }),
};

export const settingsApi = {
  landingInstance: (kind: 'landing_instance' | 'mobile_landing_instance') =>
    get<LandingSettingData>(`/widget/settings/${kind}`, { anonymous: true }),
  /** The client guide (spec 3 §7 Guide): four markdown tabs. */
  guide: () => get<{ type: 'guide'; content: GuideContent }>('/settings/guide'),
};

/** The `/admin` variant of a path for the admin roles (spec 1 §6, spec 3 §7). */
export const scoped = (admin: boolean, path: string): string => (admin ? `/admin${path}` : path);
const enc = encodeURIComponent;
const PICKER = { page_num: 1, page_size: PICKER_PAGE_SIZE, is_deleted: false } as const;

// ── Brand content: products (spec 3 §7, spec 2 §7) ─────────────────────────────────────────────────────
export type ProductListItem = Pick<Product, '_id' | 'updated_at' | 'general'>;

export interface ProductListQuery {
  page_num: number;
  page_size: number;
  name?: string;
  /** 1/0 (the server also reads true/false). */
  is_published?: number;
  brand_id?: string;
}

/** The body of POST /products: `general` (admins name the brand in general.brand_id). */
export type ProductCreate = Pick<ProductGeneral, 'name' | 'model' | 'category_id' | 'sub_category_id' | 'brand_id'> & {
  is_published: 0 | 1;
};

export const productsApi = {
  list: (admin: boolean, query: ProductListQuery) =>
    get<ListData<ProductListItem>>(scoped(admin, '/products'), { query: { ...query, is_deleted: false } }),
  create: (admin: boolean, general: ProductCreate) => post<Product>(scoped(admin, '/products'), { general }),
  read: (admin: boolean, id: string) => get<Product>(scoped(admin, `/products/${enc(id)}`)),
  /** Saves one section: {type, content} (spec 3 §4). */
  update: (admin: boolean, id: string, update: ProductUpdate) =>
    put<unknown>(scoped(admin, `/products/${enc(id)}`), update),
};

// ── Brand content: player instances (spec 3 §7 Instances) ─────────────────────────────────────────────
export type InstanceListItem = Pick<Instance, '_id' | 'brand_id' | 'updated_at'> & {
  general: Pick<Instance['general'], 'name' | 'is_published'>;
};

export interface InstanceListQuery {
  page_num: number;
  page_size: number;
  name?: string;
  /** Sent as true or false (spec 3 §7). */
  is_published?: boolean;
  /** Admins: the brand whose instances to list. */
  brand_id?: string;
}

/** The body of POST /instances: `general` (admins name the brand in general.brand_id). */
export interface InstanceCreate {
  name: string;
  category_id: string | null;
  sub_category_id: string | null;
  brand_id?: string;
}

/** A row of the instance product pickers: GET /products (mine) or GET /products?all_brand=1 (others). */
export interface PickerProduct {
  _id: string;
  general: { name: string; brand_id: string; brand_name: string; model?: string | null };
}

export const instancesApi = {
  list: (admin: boolean, query: InstanceListQuery) =>
    get<ListData<InstanceListItem>>(scoped(admin, '/instances'), { query: { is_deleted: false, ...query } }),
  read: (admin: boolean, id: string) => get<Instance>(scoped(admin, `/instances/${enc(id)}`)),
  create: (admin: boolean, general: InstanceCreate) => post<Instance>(scoped(admin, '/instances'), { general }),
  /** Saves one part (general, features, products with other_products, sources, my_sources, images, buttons). */
  update: (admin: boolean, id: string, update: InstanceUpdate) =>
    put<Instance>(scoped(admin, `/instances/${enc(id)}`), update),
  copy: (admin: boolean, id: string) => post<Instance>(scoped(admin, '/instances/copy'), { id }),
  remove: (admin: boolean, id: string) => del<null>(scoped(admin, `/instances/${enc(id)}`)),
  syncSongs: (admin: boolean, id: string) => post<unknown>(scoped(admin, `/instances/${enc(id)}/sync_songs`), {}),
  /**
   * The product pickers (spec 3 §7): my brand's products, or the other brands' published products
   * (all_brand=1; admins name the instance's brand so it is left out).
   */
  pickProducts: (
    admin: boolean,
    kind: 'mine' | 'others',
    query: { page_num: number; page_size: number; name?: string; brand_id: string },
  ) =>
    get<ListData<PickerProduct>>(scoped(admin, '/products'), {
      query: {
        page_num: query.page_num,
        page_size: query.page_size,
        name: query.name?.trim() || undefined,
        is_deleted: false,
        ...(kind === 'others' ? { all_brand: 1, brand_id: admin ? query.brand_id : undefined } : {}),
        ...(kind === 'mine' && admin ? { brand_id: query.brand_id } : {}),
      },
    }),
  /** The brand filter of the other-brands picker (up to 1000). */
  brands: (admin: boolean) => get<ListData<NamedRecord>>(scoped(admin, '/brands'), { query: PICKER }),
};

// ── Pickers (spec 3 §7 "Lists for pickers") ────────────────────────────────────────────────────────────
export interface NamedRecord {
  _id: string;
  name: string;
}
export interface Currency {
  _id: string;
  currency: string;
  name: string;
  symbol: string;
}
export const CURRENCY_PICKER_SIZE = 40;

export const pickersApi = {
  categories: (admin: boolean) => get<ListData<NamedRecord>>(scoped(admin, '/categories'), { query: PICKER }),
  subCategories: (admin: boolean, categoryId: string) =>
    get<ListData<NamedRecord>>(scoped(admin, '/sub_categories'), { query: { ...PICKER, category_id: categoryId } }),
  currencies: (admin: boolean, name?: string) =>
    get<ListData<Currency>>(scoped(admin, '/currencies'), {
      query: { page_num: 1, page_size: CURRENCY_PICKER_SIZE, is_deleted: false, name: name?.trim() || undefined },
    }),
};

// ── Songs and sources (instruments) ───────────────────────────────────────────────────────────────────
export interface Instrument extends Partial<Record<InstrumentField, string | null>> {
  _id: string;
  song_id: string;
  name: string;
  is_published: 0 | 1;
  order: number;
  performer: string | null;
  updated_at: string;
  /** This product's audio of the source, if any (asked with product_id). */
  audio?: AudioRecord | null;
}

export interface SongBody {
  name?: string;
  song_writer?: string | null;
  song_type?: 1 | 2;
  /** Sent by admins: the brand the song belongs to (spec 3 §6). */
  brand_id?: string;
}

export type InstrumentBody = { name?: string; performer?: string | null } & Partial<
  Record<InstrumentField, string | null>
>;

export const songsApi = {
  /** GET /songs?ids=a,b (+ is_atk=true for the platform's songs). */
  byIds: (admin: boolean, ids: string[], atk = false) =>
    get<ListData<Song>>(scoped(admin, '/songs'), {
      query: { ...PICKER, ids: ids.join(','), is_atk: atk ? true : undefined },
    }),
  /** Cross-comparable songs (song_type 2); admins name the brand. */
  crossComparable: (admin: boolean, brandId?: string) =>
    get<ListData<Song>>(scoped(admin, '/songs'), { query: { ...PICKER, song_type: 2, brand_id: brandId } }),
  create: (admin: boolean, body: SongBody) => post<Song>(scoped(admin, '/songs'), body),
  update: (admin: boolean, id: string, body: SongBody) => put<Song>(scoped(admin, `/songs/${enc(id)}`), body),
};

export const instrumentsApi = {
  list: (admin: boolean, songId: string, productId: string) =>
    get<ListData<Instrument>>(scoped(admin, '/instruments'), {
      query: { ...PICKER, song_id: songId, product_id: productId },
    }),
  create: (admin: boolean, body: InstrumentBody & { song_id: string }) =>
    post<Instrument>(scoped(admin, '/instruments'), body),
  update: (admin: boolean, id: string, body: InstrumentBody) =>
    put<Instrument>(scoped(admin, `/instruments/${enc(id)}`), body),
};

// ── Uploads (spec 3 §7 "Uploads") ─────────────────────────────────────────────────────────────────────
export interface PresignedAnswer {
  presigned_url: string;
  url: string;
  key: string;
  headers: Record<string, string>;
}

/** A file stored by a multipart upload. */
export interface UploadedFile {
  url: string;
  name: string;
  key: string;
}

export type ProductImageType = 'thumbnail' | 'large' | 'additional' | 'group_360';

export const uploadsApi = {
  /** GET /aws/presigned_url?mine_type={extension}&product_id&song_id&instrument_id ("mine_type" sic). */
  presignedAudio: (
    admin: boolean,
    query: { mine_type: string; product_id: string; song_id: string; instrument_id: string },
  ) => get<PresignedAnswer>(scoped(admin, '/aws/presigned_url'), { query }),
  /** POST /upload/images multipart (file, model, id, type, index) → data.photo.url. */
  productImage: (admin: boolean, file: File, productId: string, type: ProductImageType, index: number) => {
    const form = new FormData();
    form.append('model', 'products');
    form.append('id', productId);
    form.append('type', type);
    form.append('index', String(index));
    form.append('file', file);
    return postForm<{ photo: UploadedFile }>(scoped(admin, '/upload/images'), form);
  },
  /** POST /upload/files multipart (file, model=products, id, type=frequency) → data.audio.url. */
  frequencyGraph: (admin: boolean, file: File, productId: string) => {
    const form = new FormData();
    form.append('model', 'products');
    form.append('id', productId);
    form.append('type', 'frequency');
    form.append('file', file);
    return postForm<{ audio: UploadedFile }>(scoped(admin, '/upload/files'), form);
  },
};

/** Query keys shared by screens, so one resource is cached and invalidated in one place. */
export const queryKeys = {
  userInfo: (token: string | null) => ['users', 'info', token] as const,
  landing: (kind: string) => ['widget', 'settings', kind] as const,
  guide: ['settings', 'guide'] as const,
  invitation: (uuid: string) => ['invitations', uuid] as const,
  products: ['products'] as const,
  productList: (admin: boolean, query: ProductListQuery) => ['products', 'list', admin, query] as const,
  product: (admin: boolean, id: string) => ['products', 'one', admin, id] as const,
  categories: (admin: boolean) => ['categories', admin] as const,
  subCategories: (admin: boolean, categoryId: string | null | undefined) =>
    ['sub_categories', admin, categoryId ?? null] as const,
  currencies: (admin: boolean, name: string) => ['currencies', admin, name] as const,
  songs: ['songs'] as const,
  songsByIds: (admin: boolean, ids: string[], atk: boolean) => ['songs', 'ids', admin, atk, ids.join(',')] as const,
  crossComparableSongs: (admin: boolean, brandId?: string) => ['songs', 'cross', admin, brandId ?? null] as const,
  instruments: (admin: boolean, songId: string, productId: string) =>
    ['instruments', admin, songId, productId] as const,
  instances: ['instances'] as const,
  instance: (admin: boolean, id: string) => ['instances', 'one', admin, id] as const,
};
