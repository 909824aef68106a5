/**
 * The audio of a product (spec 3 §7): its songs, their sources (instruments), the presigned upload of a source's
 * audio, and their query keys.
 */
import type { Instrument, InstrumentBody, ListData, PresignedAnswer, Song, SongBody } from '@atk/contract';
import { get, post, put } from '../../../api/client.ts';
import { PICKER_QUERY } from '../../../api/pickers.ts';
import { enc, scoped } from '../../../api/scope.ts';

export const songsApi = {
  /** GET /songs?ids=a,b (+ is_atk=true for the platform's songs). */
  byIds: (admin: boolean, ids: string[], atk = false) =>
    get<ListData<Song>>(scoped(admin, '/songs'), {
      query: { ...PICKER_QUERY, ids: ids.join(','), is_atk: atk ? true : undefined },
    }),
  /** Cross-comparable songs (song_type 2); admins name the brand. */
  crossComparable: (admin: boolean, brandId?: string) =>
    get<ListData<Song>>(scoped(admin, '/songs'), { query: { ...PICKER_QUERY, song_type: 2, brand_id: brandId } }),
  create: (admin: boolean, body: SongBody) => post<Song>(scoped(admin, '/songs'), body),
  update: (admin: boolean, id: string, body: SongBody) => put<Song>(scoped(admin, `/songs/${enc(id)}`), body),
};

export const instrumentsApi = {
  list: (admin: boolean, songId: string, productId: string) =>
    get<ListData<Instrument>>(scoped(admin, '/instruments'), {
      query: { ...PICKER_QUERY, song_id: songId, product_id: productId },
    }),
  create: (admin: boolean, body: InstrumentBody & { song_id: string }) =>
    post<Instrument>(scoped(admin, '/instruments'), body),
  update: (admin: boolean, id: string, body: InstrumentBody) =>
    put<Instrument>(scoped(admin, `/instruments/${enc(id)}`), body),
};

export const audioUploadsApi = {
  /** GET /aws/presigned_url?mine_type={extension}&product_id&song_id&instrument_id ("mine_type" sic). */
  presigned: (
    admin: boolean,
    query: { mine_type: string; product_id: string; song_id: string; instrument_id: string },
  ) => get<PresignedAnswer>(scoped(admin, '/aws/presigned_url'), { query }),
};

export const songKeys = {
  all: ['songs'] as const,
  byIds: (admin: boolean, ids: string[], atk: boolean) => [...songKeys.all, 'ids', admin, atk, ids.join(',')] as const,
  crossComparable: (admin: boolean, brandId?: string) => [...songKeys.all, 'cross', admin, brandId ?? null] as const,
};

export const instrumentKeys = {
  all: ['instruments'] as const,
  list: (admin: boolean, songId: string, productId: string) =>
    [...instrumentKeys.all, admin, songId, productId] as const,
};
