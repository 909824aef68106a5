/**
 * The catalogue: categories, sub categories, and the songs and instruments (sources) of a
 * sub category, through the admin paths; the query keys of the feature. Every key starts with `catalogueKeys.all`
 * or one of the pickers' keys, so a save reloads the lists, the records and the product screens' pickers.
 */
import {
  catalogueEndpoints as api,
  type CategoryCreate,
  type CategoryUpdate,
  type InstrumentCreate,
  type InstrumentUpdate,
  PICKER_PAGE_SIZE,
  type SongCreate,
  type SongUpdate,
  type SubCategoryCreate,
  type SubCategoryUpdate,
  songEndpoints as songs,
} from '@atk/contract';
import { call } from '../../api/client.ts';
import { PICKER_QUERY } from '../../api/pickers.ts';

/** The New Sub Category dialog's category picker reads 100 categories. */
export const SUB_CATEGORY_PICKER_SIZE = 100;

export interface NameListQuery {
  page_num: number;
  page_size: number;
  name?: string;
}

export const categoriesApi = {
  list: (query: NameListQuery) => call(api.categories.admin, { query: { ...query, is_deleted: false } }),
  picker: () =>
    call(api.categories.admin, { query: { page_num: 1, page_size: SUB_CATEGORY_PICKER_SIZE, is_deleted: false } }),
  read: (id: string) => call(api.category, { params: { id } }),
  create: (body: CategoryCreate) => call(api.createCategory, { body }),
  update: (id: string, body: CategoryUpdate) => call(api.updateCategory, { params: { id }, body }),
  remove: (id: string) => call(api.removeCategory, { params: { id } }),
};

export const subCategoriesApi = {
  list: (query: NameListQuery & { category_id?: string }) =>
    call(api.subCategories.admin, { query: { ...query, is_deleted: false } }),
  /** A category's sub categories on its edit page (up to 1000). */
  ofCategory: (categoryId: string) =>
    call(api.subCategories.admin, { query: { ...PICKER_QUERY, category_id: categoryId } }),
  read: (id: string) => call(api.subCategory, { params: { id } }),
  create: (body: SubCategoryCreate) => call(api.createSubCategory, { body }),
  update: (id: string, body: SubCategoryUpdate) => call(api.updateSubCategory, { params: { id }, body }),
  remove: (id: string) => call(api.removeSubCategory, { params: { id } }),
};

export const catalogueSongsApi = {
  /** A sub category's songs, in order (up to 1000). */
  ofSubCategory: (subCategoryId: string) =>
    call(songs.songs.admin, {
      query: { page_num: 1, page_size: PICKER_PAGE_SIZE, is_deleted: false, sub_category_id: subCategoryId },
    }),
  read: (id: string) => call(songs.song.admin, { params: { id } }),
  create: (body: SongCreate) => call(songs.createSong.admin, { body }),
  update: (id: string, body: SongUpdate) => call(songs.updateSong.admin, { params: { id }, body }),
  remove: (id: string) => call(songs.removeSong.admin, { params: { id } }),
};

export const catalogueInstrumentsApi = {
  /** A song's instruments by order (`sort=order`, up to 1000). */
  ofSong: (songId: string) =>
    call(songs.instruments.admin, {
      query: { page_num: 1, page_size: PICKER_PAGE_SIZE, is_deleted: false, song_id: songId, sort: 'order' },
    }),
  read: (id: string) => call(songs.instrument.admin, { params: { id } }),
  create: (body: InstrumentCreate) => call(songs.createInstrument.admin, { body }),
  update: (id: string, body: InstrumentUpdate) => call(songs.updateInstrument.admin, { params: { id }, body }),
  remove: (id: string) => call(songs.removeInstrument.admin, { params: { id } }),
};

/**
 * `categories` and `sub_categories` are the pickers' own prefixes (api/pickers.ts), so a catalogue save reloads the
 * product screens' selects too; `songs` and `instruments` are the product Audio tab's.
 */
export const catalogueKeys = {
  categories: ['categories'] as const,
  categoryList: () => [...catalogueKeys.categories, 'list'] as const,
  category: (id: string) => [...catalogueKeys.categories, 'one', id] as const,
  categoryPicker: () => [...catalogueKeys.categories, 'picker100'] as const,
  subCategories: ['sub_categories'] as const,
  subCategoryList: () => [...catalogueKeys.subCategories, 'list'] as const,
  subCategoriesOf: (categoryId: string) => [...catalogueKeys.subCategories, 'of', categoryId] as const,
  subCategory: (id: string) => [...catalogueKeys.subCategories, 'one', id] as const,
  songs: ['songs'] as const,
  songsOf: (subCategoryId: string) => [...catalogueKeys.songs, 'of', subCategoryId] as const,
  song: (id: string) => [...catalogueKeys.songs, 'one', id] as const,
  instruments: ['instruments'] as const,
  instrumentsOf: (songId: string) => [...catalogueKeys.instruments, 'of', songId] as const,
  instrument: (id: string) => [...catalogueKeys.instruments, 'one', id] as const,
};
