import { INSTRUMENT_FIELDS, type Instrument, type InstrumentField, MSG, type Song } from '@atk/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contains, listPage, type Page } from '../../db/query.ts';
import { audios, instruments, products, songs } from '../../db/schema.ts';
import { deletedIs, getLive, softDelete, updateLive } from '../../db/soft-delete.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage/types.ts';
import { instrumentFor, listedBrand, ownBrand, productFor, songFor, targetBrand } from '../access/brand-scope.ts';
import { managesPlatformSongs } from '../access/roles.ts';
import { toAudioRecord } from '../audio/record.ts';
import { getBrand } from '../brands/service.ts';
import { getSubCategory } from '../catalogue/service.ts';
import { assertUnused, instrumentUses, songUses } from '../catalogue/usage.ts';
import type { SessionUser } from '../sessions/service.ts';
import { arrangeSongs, arrangeSources, lockSongGroups, lockSources, sameSongGroup, songGroupOf } from './ordering.ts';
import { dropFromPlayers } from './players.ts';

type SongRow = typeof songs.$inferSelect;
type InstrumentRow = typeof instruments.$inferSelect;

export const toSong = (s: SongRow): Song => ({
  _id: s.id,
  name: s.name,
  song_writer: s.songWriter,
  song_type: s.songType as 1 | 2,
  is_atk: s.isAtk as 0 | 1,
  is_published: s.isPublished as 0 | 1,
  order: s.order,
  brand_id: s.brandId,
  sub_category_id: s.subCategoryId,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

/** `ids=a,b,c` of the song pickers; each must be an id. */
function parseIds(ids: string): string[] {
  const list = ids
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (list.some((v) => !uuid.test(v))) throw badRequest('ids must be a comma-separated list of ids');
  return list;
}

/**
 * A customer lists its master brand's songs, or the platform's songs with `is_atk=true` (docs/api.md "Brand content").
 * Admins list any brand's (`brand_id`) or every song.
 */
export async function listSongs(
  db: Db,
  user: SessionUser,
  q: Page & {
    ids?: string;
    song_type?: 1 | 2;
    sub_category_id?: string;
    brand_id?: string;
    is_atk?: boolean;
    name?: string;
    is_deleted?: boolean;
  },
) {
  const own = ownBrand(user);
  const filters: SQL[] = [deletedIs(songs, q.is_deleted)];
  if (q.is_atk !== undefined) filters.push(eq(songs.isAtk, q.is_atk ? 1 : 0));
  if (own && !q.is_atk) filters.push(eq(songs.brandId, own));
  if (!own && q.brand_id) filters.push(eq(songs.brandId, q.brand_id));
  if (q.ids !== undefined) {
    const ids = parseIds(q.ids);
    if (ids.length === 0) return { list: [], total_num: 0 };
    filters.push(inArray(songs.id, ids));
  }
  if (q.song_type) filters.push(eq(songs.songType, q.song_type));
  if (q.sub_category_id) filters.push(eq(songs.subCategoryId, q.sub_category_id));
  if (q.name) filters.push(contains(songs.name, q.name));
  const where = and(...filters);
  const rows = db.select().from(songs).where(where).orderBy(asc(songs.order), asc(songs.createdAt)).$dynamic();
  return listPage(db, q, rows, { from: songs, where }, toSong);
}

interface SongInput {
  name?: string;
  song_writer?: string | null;
  song_type?: 1 | 2;
  is_published?: 0 | 1;
  order?: number;
  sub_category_id?: string | null;
  brand_id?: string | null;
  is_atk?: 0 | 1;
}

export async function createSong(db: Db, user: SessionUser, input: SongInput & { name: string }) {
  // Platform (ATK) songs belong to no brand and only admins make them.
  const platform = managesPlatformSongs(user) && input.is_atk === 1;
  const brandId = platform ? null : targetBrand(user, input.brand_id);
  return db.transaction(async (tx) => {
    // The brand (an admin names it) must exist and not be deleted, as for a new product or instance.
    if (brandId) await getBrand(tx, brandId);
    if (input.sub_category_id) await getSubCategory(tx, input.sub_category_id);
    const group = { subCategoryId: input.sub_category_id ?? null, brandId };
    await lockSongGroups(tx, [group]);
    const [row] = await tx
      .insert(songs)
      .values({
        name: input.name,
        songWriter: input.song_writer ?? null,
        songType: input.song_type ?? 1,
        // Active unless a status is sent: the brand's Audio tab has no status control (docs/api.md).
        isPublished: input.is_published ?? 1,
        subCategoryId: group.subCategoryId,
        brandId,
        isAtk: platform ? 1 : 0,
      })
      .returning();
    await arrangeSongs(tx, group, { id: row.id, to: input.order ?? 'end' });
    return toSong(await getLive(tx, songs, row.id, MSG.songNotFound));
  });
}

export async function getSong(db: Db, user: SessionUser, id: string) {
  return toSong(await songFor(db, user, id));
}

/** Saves a song; a new order or sub category moves it among its siblings in the same transaction (./ordering.ts). */
export async function updateSong(db: Db, user: SessionUser, id: string, input: SongInput) {
  return db.transaction(async (tx) => {
    const current = await songFor(tx, user, id, { write: true });
    if (input.sub_category_id) await getSubCategory(tx, input.sub_category_id);
    const before = songGroupOf(current);
    const after = {
      ...before,
      subCategoryId: input.sub_category_id !== undefined ? input.sub_category_id : before.subCategoryId,
    };
    await lockSongGroups(tx, [before, after]);
    await updateLive(
      tx,
      songs,
      id,
      {
        name: input.name,
        songWriter: input.song_writer,
        songType: input.song_type,
        isPublished: input.is_published,
        subCategoryId: input.sub_category_id,
      },
      MSG.songNotFound,
    );
    if (!sameSongGroup(before, after)) {
      await arrangeSongs(tx, before);
      await arrangeSongs(tx, after, { id, to: input.order ?? 'end' });
    } else if (input.order !== undefined) {
      await arrangeSongs(tx, after, { id, to: input.order });
    }
    return toSong(await getLive(tx, songs, id, MSG.songNotFound));
  });
}

export async function deleteSong(db: Db, user: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    const current = await songFor(tx, user, id, { write: true });
    await lockSongGroups(tx, [songGroupOf(current)]);
    assertUnused(await songUses(tx, id));
    await softDelete(tx, songs, id, MSG.songNotFound);
    await dropFromPlayers(tx, { song: id });
    await arrangeSongs(tx, songGroupOf(current));
  });
}

/**
 * Which of a brand's products hold a ready recording of each live source of a song: what the brand can compare on it
 * (docs/api.md "Who recorded a song"). A customer's brand is its own; an admin's the one named, else the song's
 * (every brand's for a platform song, which has none). One query for every source's recordings.
 */
export async function songRecordings(db: Db, user: SessionUser, id: string, q: { brand_id?: string }) {
  const song = await songFor(db, user, id);
  const brandId = listedBrand(user, q.brand_id ?? song.brandId);
  const sources = await db
    .select({ id: instruments.id })
    .from(instruments)
    .where(and(eq(instruments.songId, id), deletedIs(instruments)))
    .orderBy(asc(instruments.order), asc(instruments.createdAt));
  const recorded = sources.length
    ? await db
        .selectDistinct({ instrumentId: audios.instrumentId, productId: products.id, name: products.name })
        .from(audios)
        .innerJoin(products, eq(products.id, audios.productId))
        .where(
          and(
            inArray(
              audios.instrumentId,
              sources.map((s) => s.id),
            ),
            eq(audios.status, 'ready'),
            deletedIs(products),
            brandId ? eq(products.brandId, brandId) : undefined,
          ),
        )
        .orderBy(asc(products.name), asc(products.id))
    : [];
  return {
    sources: sources.map((s) => ({
      instrument_id: s.id,
      products: recorded.filter((r) => r.instrumentId === s.id).map((r) => ({ _id: r.productId, name: r.name })),
    })),
  };
}

// ── Instruments (sources) ───────────────────────────────────────────────────────────────────────────

const COLUMN: Record<InstrumentField, keyof InstrumentRow> = {
  instrument_brand: 'instrumentBrand',
  instrument_details: 'instrumentDetails',
  performer_name: 'performerName',
  producer_engineer: 'producerEngineer',
  room_studio: 'roomStudio',
  mic_distance_source: 'micDistanceSource',
  mic_axis: 'micAxis',
  mic_cable_brand: 'micCableBrand',
  preamp_brand: 'preampBrand',
  additional_pre_processing: 'additionalPreProcessing',
  a_d_converter: 'aDConverter',
  additional_post_processing: 'additionalPostProcessing',
};

export const toInstrument = (i: InstrumentRow): Instrument => ({
  _id: i.id,
  song_id: i.songId,
  name: i.name,
  is_published: i.isPublished as 0 | 1,
  order: i.order,
  performer: i.performerName,
  ...(Object.fromEntries(INSTRUMENT_FIELDS.map((f) => [f, (i[COLUMN[f]] as string | null) ?? null])) as Record<
    InstrumentField,
    string | null
  >),
  updated_at: i.updatedAt.toISOString(),
});

type InstrumentInput = Partial<Record<InstrumentField, string | null>> & {
  name?: string;
  is_published?: 0 | 1;
  order?: number;
  performer?: string | null;
};

function instrumentColumns(input: InstrumentInput): Partial<InstrumentRow> {
  const out: Partial<Record<keyof InstrumentRow, unknown>> = {
    name: input.name,
    isPublished: input.is_published,
    order: input.order,
  };
  for (const f of INSTRUMENT_FIELDS) if (input[f] !== undefined) out[COLUMN[f]] = input[f] || null;
  // `performer` and `performer_name` are two names of one field (docs/api.md "Brand content").
  if (input.performer !== undefined) out.performerName = input.performer || null;
  return out as Partial<InstrumentRow>;
}

export async function listInstruments(
  db: Db,
  storage: Storage,
  user: SessionUser,
  q: Page & { song_id?: string; product_id?: string; sort?: 'order'; is_deleted?: boolean },
) {
  if (!q.song_id && ownBrand(user)) throw badRequest('song_id is required');
  if (q.song_id) await songFor(db, user, q.song_id);
  if (q.product_id) await productFor(db, user, q.product_id);
  const filters: SQL[] = [deletedIs(instruments, q.is_deleted)];
  if (q.song_id) filters.push(eq(instruments.songId, q.song_id));
  const where = and(...filters);
  const query = db
    .select()
    .from(instruments)
    .where(where)
    .orderBy(asc(instruments.order), asc(instruments.createdAt))
    .$dynamic();
  const { list: rows, total_num } = await listPage(db, q, query, { from: instruments, where }, (r) => r);
  // One query for the audio of every listed source on this product (no N+1).
  const audioByInstrument = new Map<string, Awaited<ReturnType<typeof toAudioRecord>>>();
  if (q.product_id && rows.length) {
    const found = await db
      .select()
      .from(audios)
      .where(
        and(
          eq(audios.productId, q.product_id),
          inArray(
            audios.instrumentId,
            rows.map((r) => r.id),
          ),
        ),
      );
    for (const a of found) audioByInstrument.set(a.instrumentId, await toAudioRecord(storage, a));
  }
  return {
    list: rows.map((r) => ({
      ...toInstrument(r),
      audio: q.product_id ? (audioByInstrument.get(r.id) ?? null) : undefined,
    })),
    total_num,
  };
}

export async function createInstrument(
  db: Db,
  user: SessionUser,
  input: InstrumentInput & { song_id: string; name: string },
) {
  return db.transaction(async (tx) => {
    await songFor(tx, user, input.song_id, { write: true });
    await lockSources(tx, input.song_id);
    const { order: _placement, ...columns } = instrumentColumns(input);
    const [row] = await tx
      .insert(instruments)
      .values({
        ...columns,
        // Active unless a status is sent: the brand's Audio tab has no status control (docs/api.md).
        isPublished: input.is_published ?? 1,
        name: input.name,
        songId: input.song_id,
      })
      .returning();
    await arrangeSources(tx, input.song_id, { id: row.id, to: input.order ?? 'end' });
    return toInstrument(await getLive(tx, instruments, row.id, MSG.instrumentNotFound));
  });
}

export async function getInstrument(db: Db, user: SessionUser, id: string) {
  return toInstrument((await instrumentFor(db, user, id)).instrument);
}

/** Saves a source; a new order moves it among its song's sources in the same transaction (./ordering.ts). */
export async function updateInstrument(db: Db, user: SessionUser, id: string, input: InstrumentInput) {
  return db.transaction(async (tx) => {
    const { song } = await instrumentFor(tx, user, id, { write: true });
    await lockSources(tx, song.id);
    const { order: _placement, ...columns } = instrumentColumns(input);
    await updateLive(tx, instruments, id, columns, MSG.instrumentNotFound);
    if (input.order !== undefined) await arrangeSources(tx, song.id, { id, to: input.order });
    return toInstrument(await getLive(tx, instruments, id, MSG.instrumentNotFound));
  });
}

export async function deleteInstrument(db: Db, user: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    const { song } = await instrumentFor(tx, user, id, { write: true });
    await lockSources(tx, song.id);
    assertUnused(await instrumentUses(tx, id));
    await softDelete(tx, instruments, id, MSG.instrumentNotFound);
    await dropFromPlayers(tx, { song: song.id, instrument: id });
    await arrangeSources(tx, song.id);
  });
}
