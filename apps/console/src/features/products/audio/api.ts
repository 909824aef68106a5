/**
 * The audio of a product (docs/api.md "Brand content", "Uploads and storage"): its songs, their sources
 * (instruments), the presigned upload of a source's audio, and their query keys.
 */
import {
  songEndpoints as api,
  type InstrumentBody,
  type PresignedAudioQuery,
  type SongBody,
  uploadEndpoints as uploads,
} from '@atk/contract';
import { call } from '../../../api/client.ts';
import { PICKER_QUERY } from '../../../api/pickers.ts';

export const songsApi = {
  /** The platform's (ATK) songs (GET /admin/songs?is_atk=true): the ATK audios screen and the attach picker. */
  platform: () => call(api.songs.admin, { query: { ...PICKER_QUERY, is_atk: true } }),
  /** GET /songs?ids=a,b (+ is_atk=true for the platform's songs). */
  byIds: (admin: boolean, ids: string[], atk = false) =>
    call(api.songs.of(admin), { query: { ...PICKER_QUERY, ids: ids.join(','), is_atk: atk ? true : undefined } }),
  /** Cross-comparable songs (song_type 2); admins name the brand. */
  crossComparable: (admin: boolean, brandId?: string) =>
    call(api.songs.of(admin), { query: { ...PICKER_QUERY, song_type: 2, brand_id: brandId } }),
  create: (admin: boolean, body: SongBody) => call(api.createSong.of(admin), { body }),
  /** Which of the brand's products hold a ready recording of each source; admins name the brand. */
  recordings: (admin: boolean, id: string, brandId?: string) =>
    call(api.songRecordings.of(admin), { params: { id }, query: { brand_id: brandId } }),
  /** A platform (ATK) song: cross-comparable (every product may offer it), of no brand. */
  createPlatform: (body: Pick<SongBody, 'name' | 'song_writer'>) =>
    call(api.createSong.admin, { body: { ...body, song_type: 2, is_atk: 1 } }),
  /** The publish switch of a song (saves at once). */
  publish: (id: string, is_published: 0 | 1) => call(api.updateSong.admin, { params: { id }, body: { is_published } }),
  update: (admin: boolean, id: string, body: SongBody) => call(api.updateSong.of(admin), { params: { id }, body }),
};

export const instrumentsApi = {
  /** A song's sources, with this product's audio of each when a product is named. */
  list: (admin: boolean, songId: string, productId?: string) =>
    call(api.instruments.of(admin), { query: { ...PICKER_QUERY, song_id: songId, product_id: productId } }),
  create: (admin: boolean, body: InstrumentBody & { song_id: string }) =>
    call(api.createInstrument.of(admin), { body }),
  update: (admin: boolean, id: string, body: InstrumentBody) =>
    call(api.updateInstrument.of(admin), { params: { id }, body }),
};

export const audioUploadsApi = {
  /** GET /aws/presigned_url?mine_type={extension}&product_id&song_id&instrument_id ("mine_type" sic). */
  presigned: (admin: boolean, query: PresignedAudioQuery) => call(uploads.presignAudio.of(admin), { query }),
};

export const songKeys = {
  all: ['songs'] as const,
  byIds: (admin: boolean, ids: string[], atk: boolean) => [...songKeys.all, 'ids', admin, atk, ids.join(',')] as const,
  crossComparable: (admin: boolean, brandId?: string) => [...songKeys.all, 'cross', admin, brandId ?? null] as const,
  platform: () => [...songKeys.all, 'platform'] as const,
  recordings: (admin: boolean, id: string, brandId?: string) =>
    [...songKeys.all, 'recordings', admin, id, brandId ?? null] as const,
};

export const instrumentKeys = {
  all: ['instruments'] as const,
  list: (admin: boolean, songId: string, productId?: string) =>
    [...instrumentKeys.all, admin, songId, productId ?? null] as const,
};
