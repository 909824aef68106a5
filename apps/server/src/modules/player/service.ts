import {
  ABX_TRIALS_DEFAULT,
  DEFAULT_BUTTONS,
  DEFAULT_FEATURES,
  DEFAULT_IMAGES,
  GROUP_360_SLOTS,
  type InstanceFeatures,
  type InstanceImage,
  type InstanceProduct,
  type InstanceSong,
  MSG,
  ORDERED_FEATURES,
  type PlayerInstance,
  type PlayerProduct,
  type PlayerSong,
  type PlayerVersion,
  PRODUCT_SLOTS,
} from '@atk/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audios, brands, instances, instruments, products, songs } from '../../db/schema.ts';
import { deletedIs, liveById } from '../../db/soft-delete.ts';
import { notFound } from '../../platform/errors.ts';
import { readPlayerContent } from '../settings/service.ts';
import { playerTooltips } from '../tooltips/service.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a visitor's `<atk-player>` may read of an instance. An unpublished, deleted or unknown instance (or a
 * malformed id, or a deleted brand) is one 404. One query per table, whatever the size of the instance: the
 * instance, then products, songs, instruments, audio (ready, or still being processed), the settings (bands, info
 * pages) and the tooltips together.
 * Only published (Active) songs and sources are offered: the catalogue's publish switches (docs/api.md
 * "Catalogue screens") take them out of every player at once; the instance's own switches (Sources tab) choose
 * among the published ones.
 */
export async function readPlayerInstance(db: Db, id: string): Promise<PlayerInstance> {
  return (await readPlayerInstanceWithDependencies(db, id)).instance;
}

/**
 * The read and the rows it depends on, as the change feed names them (migration 0008): `i:<instance>`,
 * `p:<product>` for every product it lists (their audio records are announced under their product) and
 * `s:<song>` for every song it offers (their sources are announced under their song). Brands, settings and
 * tooltips are announced as `player:*`, which every read depends on.
 */
export async function readPlayerInstanceWithDependencies(
  db: Db,
  id: string,
  opts: { unpublished?: boolean } = {},
): Promise<{ instance: PlayerInstance; dependencies: Set<string> }> {
  if (!UUID.test(id)) throw notFound(MSG.instanceNotFound);
  const [row] = await db
    .select({
      id: instances.id,
      name: instances.name,
      isPublished: instances.isPublished,
      features: instances.features,
      products: instances.products,
      otherProducts: instances.otherProducts,
      sources: instances.sources,
      mySources: instances.mySources,
      images: instances.images,
      buttons: instances.buttons,
      brandName: brands.name,
      brandId: instances.brandId,
      brandDeleted: brands.isDeleted,
      brandPublished: brands.isPublished,
    })
    .from(instances)
    .innerJoin(brands, eq(brands.id, instances.brandId))
    .where(liveById(instances, id))
    .limit(1);
  // A pending instance, or any instance of a brand not confirmed yet (docs/api.md "A brand's state and scope"), is
  // read only for a signed-in preview (./preview.ts), which has checked who asks.
  const pending = row?.isPublished !== 1 || row.brandPublished !== 1;
  if (!row || (pending && !opts.unpublished) || row.brandDeleted) throw notFound(MSG.instanceNotFound);

  const features = playerFeatures(row.features);
  const listed = [...(row.products ?? []), ...(row.otherProducts ?? [])];
  const candidates = playerOrder(listed);
  const plan = playerSongPlan(row.sources ?? [], row.features?.my_audio?.is_enable === 1 ? (row.mySources ?? []) : []);
  const songIds = plan.map((s) => s.songId);

  const [productRows, songRows, instrumentRows, audioRows, content, tooltips] = await Promise.all([
    candidates.length
      ? db
          .select({ product: products, brandName: brands.name })
          .from(products)
          .innerJoin(brands, eq(brands.id, products.brandId))
          .where(
            and(
              inArray(products.id, candidates),
              eq(products.isPublished, 1),
              deletedIs(products),
              deletedIs(brands),
              // Another brand's products only once that brand is confirmed.
              or(eq(brands.isPublished, 1), eq(products.brandId, row.brandId)),
            ),
          )
      : [],
    ...songRowsOf(db, plan, candidates),
    readPlayerContent(db),
    playerTooltips(db),
  ]);

  // Products: in player order, published ones only, at most Products in Player.
  const byId = new Map(productRows.map((r) => [r.product.id, toPlayerProduct(r.product, r.brandName, features)]));
  const playerProducts = candidates.flatMap((pid) => byId.get(pid) ?? []).slice(0, features.products_in_player);
  const shown = new Set(playerProducts.map((p) => p._id));

  const playerSongs = playerSongsOf(
    plan,
    songRows,
    instrumentRows,
    audioRows,
    playerProducts.map((p) => p._id),
  );

  // Recordings of the shown products on offered sources that are not ready yet (a fresh upload, the demo at start).
  const offered = offeredSources(plan, instrumentRows);
  const preparing = audioRows.some(
    (a) => a.status !== 'ready' && shown.has(a.productId) && offered.has(a.instrumentId),
  );

  const dependencies = new Set([
    `i:${row.id}`,
    ...candidates.map((pid) => `p:${pid}`),
    ...songIds.map((sid) => `s:${sid}`),
  ]);
  const instance: PlayerInstance = {
    _id: row.id,
    name: row.name,
    brand_name: row.brandName,
    features,
    products: playerProducts,
    featured: featuredOf(listed).filter((pid) => shown.has(pid)),
    songs: playerSongs,
    preparing: preparing ? 1 : 0,
    buttons: row.buttons ?? DEFAULT_BUTTONS,
    image_order: imageOrderOf(row.images),
    tooltips,
    frequency_bands: content.frequency_bands,
    infos: content.infos,
  };
  return { instance, dependencies };
}

type SongRow = { id: string; name: string; songWriter: string | null; isAtk: number | null };
type InstrumentRow = { id: string; songId: string; name: string; performer: string | null };

/**
 * The three reads behind a player's songs (shared with the mobile widget's read): the planned songs and sources
 * that are published, and the recordings of `productIds` on those sources (ready, or still being processed).
 */
export function songRowsOf(
  db: Db,
  plan: { songId: string; instrumentIds: string[] }[],
  productIds: string[],
): [Promise<SongRow[]>, Promise<InstrumentRow[]>, Promise<(typeof audios.$inferSelect)[]>] {
  const songIds = plan.map((s) => s.songId);
  const instrumentIds = plan.flatMap((s) => s.instrumentIds);
  const none = <T>() => Promise.resolve([] as T[]);
  return [
    songIds.length
      ? db
          .select({ id: songs.id, name: songs.name, songWriter: songs.songWriter, isAtk: songs.isAtk })
          .from(songs)
          .where(and(inArray(songs.id, songIds), eq(songs.isPublished, 1), deletedIs(songs)))
      : none(),
    instrumentIds.length
      ? db
          .select({
            id: instruments.id,
            songId: instruments.songId,
            name: instruments.name,
            performer: instruments.performerName,
          })
          .from(instruments)
          .where(and(inArray(instruments.id, instrumentIds), eq(instruments.isPublished, 1), deletedIs(instruments)))
      : none(),
    productIds.length && instrumentIds.length
      ? db
          .select()
          .from(audios)
          .where(
            and(
              inArray(audios.productId, productIds),
              inArray(audios.instrumentId, instrumentIds),
              inArray(audios.status, ['uploaded', 'processing', 'ready']),
            ),
          )
      : none(),
  ];
}

/**
 * The songs a player offers (shared by the desktop read and the mobile widget's read, modules/mobile-widget):
 * per planned song that still exists, its sources in order, each with the ready audio of `productIds` in that
 * order; a source without any ready version, and a song without any source, are left out.
 */
export function playerSongsOf(
  plan: { songId: string; instrumentIds: string[] }[],
  songRows: SongRow[],
  instrumentRows: InstrumentRow[],
  audioRows: (typeof audios.$inferSelect)[],
  productIds: string[],
): PlayerSong[] {
  const audioOf = new Map(
    audioRows
      .filter((a) => a.status === 'ready' && a.processedUrl)
      .map((a) => [`${a.productId}/${a.instrumentId}`, toVersion(a)]),
  );
  const songById = new Map(songRows.map((s) => [s.id, s]));
  const instrumentById = new Map(instrumentRows.map((i) => [i.id, i]));
  return plan.flatMap(({ songId, instrumentIds: ids }) => {
    const song = songById.get(songId);
    if (!song) return [];
    const sources = ids.flatMap((iid) => {
      const inst = instrumentById.get(iid);
      if (inst?.songId !== songId) return [];
      const versions = productIds.flatMap((pid) => audioOf.get(`${pid}/${iid}`) ?? []);
      return versions.length ? [{ _id: inst.id, name: inst.name, performer: inst.performer ?? null, versions }] : [];
    });
    if (!sources.length) return [];
    return [
      {
        _id: song.id,
        name: song.name,
        song_writer: song.songWriter ?? null,
        is_atk: song.isAtk === 1 ? 1 : 0,
        sources,
      },
    ];
  });
}

/** The planned sources that still exist: recordings on them that are not ready yet make a read 'preparing'. */
export function offeredSources(plan: { instrumentIds: string[] }[], instrumentRows: { id: string }[]): Set<string> {
  const existing = new Set(instrumentRows.map((i) => i.id));
  return new Set(plan.flatMap((p) => p.instrumentIds.filter((iid) => existing.has(iid))));
}

const isSlot = (o: number | null | undefined): o is number => typeof o === 'number' && o >= 1 && o <= PRODUCT_SLOTS;

/** Active products' ids: featured slots 1–3 first (by slot), then the rest in list order (mine, then others). */
export function playerOrder(list: InstanceProduct[]): string[] {
  const active = list.filter((p) => p.is_active === 1);
  const rest = active.filter((p) => !isSlot(p.order)).map((p) => p.product_id);
  return [...new Set([...featuredOf(list), ...rest])];
}

/** The active products holding featured slots 1–3, by slot. */
export function featuredOf(list: InstanceProduct[]): string[] {
  const featured = list.filter((p) => p.is_active === 1 && isSlot(p.order));
  return [...new Set(featured.sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).map((p) => p.product_id))];
}

/**
 * The songs the player offers, before the database says which still exist: the active songs of `sources` in order,
 * each with its active sources in order, then those of `my_sources` (the caller passes them only when My Audio is
 * on) that are not already there.
 */
export function playerSongPlan(
  sources: InstanceSong[],
  mySources: InstanceSong[],
): { songId: string; instrumentIds: string[] }[] {
  const byOrder = <T extends { order: number }>(list: T[]) => [...list].sort((a, b) => a.order - b.order);
  const seen = new Set<string>();
  return [sources, mySources].flatMap((list) =>
    byOrder(list).flatMap((song) => {
      if (song.is_active !== 1 || seen.has(song.song_id)) return [];
      seen.add(song.song_id);
      const instrumentIds = byOrder(song.instruments ?? [])
        .filter((i) => i.is_active === 1)
        .map((i) => i.instrument_id);
      return [{ songId: song.song_id, instrumentIds: [...new Set(instrumentIds)] }];
    }),
  );
}

export function playerFeatures(features: Partial<InstanceFeatures> | null | undefined): PlayerInstance['features'] {
  const f = features ?? {};
  const ordered = ORDERED_FEATURES.filter((key) => f[key]?.is_enable === 1).sort(
    (a, b) => (f[a]?.order ?? 0) - (f[b]?.order ?? 0),
  );
  const max = f.products_in_player?.max_num;
  return {
    ordered,
    // Display Price defaults to enabled when missing (docs/api.md "What the read answers").
    display_price: f.display_price?.is_enable === 0 ? 0 : 1,
    products_in_player: typeof max === 'number' && max > 0 ? max : DEFAULT_FEATURES.products_in_player.max_num,
    listener_votes: f.listener_votes?.is_enable === 1 ? 1 : 0,
    abx_trials: f.abx_test?.is_enable === 1 ? (f.abx_test.trials ?? ABX_TRIALS_DEFAULT) : 0,
    // features saved before UTM tags existed have none: off
    utm_tags: f.utm_tags?.is_enable === 1 ? 1 : 0,
  };
}

type ProductRow = typeof products.$inferSelect;
type FileRef = { url: string; name: string };

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const fileOf = (v: unknown): FileRef | null => {
  const url = str((v as { url?: unknown } | null)?.url);
  return url ? { url, name: str((v as { name?: unknown }).name) ?? '' } : null;
};
const objectOf = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The codes of an instance's images (desktop or mobile) by their order: which gallery the player shows first. */
export const imageOrderOf = (images: readonly InstanceImage[] | null) =>
  [...(images ?? DEFAULT_IMAGES)].sort((a, b) => a.order - b.order).map((img) => img.code);

/**
 * A product as visitors see it. The sections of features the instance has switched off are left empty (null or
 * []), and so is the price when Display Price is off: only what the player may show leaves the server.
 */
export function toPlayerProduct(p: ProductRow, brandName: string, features: PlayerInstance['features']): PlayerProduct {
  const on = (key: (typeof ORDERED_FEATURES)[number]) => features.ordered.includes(key);
  const images = objectOf(p.images) ?? {};
  const additional = (Array.isArray(images.additional_images) ? images.additional_images : [])
    .map((img: unknown) => ({ file: fileOf(img), order: Number((img as { order?: unknown })?.order) || 0 }))
    .filter((img): img is { file: FileRef; order: number } => img.file !== null)
    .sort((a, b) => a.order - b.order)
    .map((img) => img.file);
  const group = Array.isArray(images.group_360) ? images.group_360 : [];
  const price = objectOf(p.price);
  const discography = Array.isArray(p.discography) ? p.discography.filter((d) => objectOf(d)) : [];
  return {
    _id: p.id,
    name: p.name,
    model: p.model ?? null,
    brand_name: brandName,
    thumbnail: fileOf(images.thumbnail)?.url ?? null,
    images: {
      large: fileOf(images.large)?.url ?? null,
      additional,
      group_360: Array.from({ length: GROUP_360_SLOTS }, (_, i) => fileOf(group[i])?.url ?? null),
    },
    price:
      features.display_price === 1 && price
        ? { default: (price.default as never) ?? null, list: Array.isArray(price.list) ? price.list : [] }
        : null,
    listening_guide: on('listening_guide') ? str(objectOf(p.listeningGuide)?.content) : null,
    discography: on('discography') ? (discography as PlayerProduct['discography']) : [],
    tech_specs: on('tech_specs') ? objectOf(p.techSpecs) : null,
    frequency_graph: on('frequency_graphs') ? fileOf(p.frequencyGraph) : null,
  };
}

function toVersion(a: typeof audios.$inferSelect): PlayerVersion {
  return {
    product_id: a.productId,
    url: a.processedUrl as string,
    lufs: a.lufs,
    true_peak: a.truePeak,
    peaks_url: a.peaksUrl,
    duration_ms: a.durationMs,
    sample_rate: a.sampleRate,
  };
}
