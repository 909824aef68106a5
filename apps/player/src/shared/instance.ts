/**
 * The public read of an instance made safe to draw: every list present (an older server, or a product without
 * content, leaves fields out), and the choices the player makes from it. Pure: no DOM.
 */
import type { FrequencyBands, PlayerInstance, PlayerProduct, PlayerSong } from '@atk/contract';
// The zod-free entry: the player bundles no schema.
import {
  DEFAULT_PRODUCTS_IN_PLAYER,
  FREQUENCY_BAND_LABELS,
  FREQUENCY_BANDS,
  INFO_PAGES,
  type InfoPage,
  ORDERED_FEATURES,
  PRODUCT_SLOTS,
  TOOLTIP_FEATURES,
} from '@atk/contract/constants';

/** The frequency graph's bands with their labels, in order. */
export const BANDS = FREQUENCY_BANDS.map((key, i) => [key, FREQUENCY_BAND_LABELS[i]] as const);

export type TooltipName = (typeof TOOLTIP_FEATURES)[number];
/** The tooltip feature codes (0–9) by name. */
export const TOOLTIP = Object.fromEntries(TOOLTIP_FEATURES.map((name, code) => [name, code])) as Record<
  TooltipName,
  number
>;
/** A feature's tooltip text by name (several of one feature together), or none. */
export type Tip = (name: TooltipName) => string | undefined;

export type OrderedFeature = PlayerInstance['features']['ordered'][number];
export const FEATURE_TITLES: Record<OrderedFeature, string> = {
  listening_guide: 'Listening Guide',
  discography: 'Discography',
  frequency_graphs: 'Frequency Graph',
  tech_specs: 'Tech Specs',
  images: 'Images',
};
const FEATURES: readonly OrderedFeature[] = ORDERED_FEATURES;

const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function product(raw: unknown): PlayerProduct {
  const p = obj(raw);
  const images = obj(p.images);
  const price = p.price ? obj(p.price) : null;
  return {
    _id: String(p._id ?? ''),
    name: String(p.name ?? ''),
    model: str(p.model),
    brand_name: String(p.brand_name ?? ''),
    thumbnail: str(p.thumbnail),
    images: {
      large: str(images.large),
      additional: arr<{ url: string; name: string }>(images.additional).filter((i) => str(i?.url)),
      group_360: arr<string | null>(images.group_360).map((u) => str(u)),
    },
    price: price
      ? {
          default: (price.default as NonNullable<PlayerProduct['price']>['default']) ?? null,
          list: arr(price.list),
        }
      : null,
    listening_guide: str(p.listening_guide),
    discography: arr(p.discography),
    tech_specs: p.tech_specs && typeof p.tech_specs === 'object' ? (p.tech_specs as Record<string, unknown>) : null,
    frequency_graph: str(obj(p.frequency_graph).url) ? (p.frequency_graph as { url: string; name: string }) : null,
  };
}

function song(raw: unknown): PlayerSong {
  const s = obj(raw);
  return {
    _id: String(s._id ?? ''),
    name: String(s.name ?? ''),
    song_writer: str(s.song_writer),
    is_atk: s.is_atk === 1 ? 1 : 0,
    sources: arr<Record<string, unknown>>(s.sources).map((src) => ({
      _id: String(src._id ?? ''),
      name: String(src.name ?? ''),
      performer: str(src.performer),
      versions: arr<PlayerSong['sources'][number]['versions'][number]>(src.versions).filter(
        (v) => v && typeof v.url === 'string' && typeof v.product_id === 'string',
      ),
    })),
  };
}

export function normaliseInstance(raw: unknown): PlayerInstance {
  const d = obj(raw);
  const f = obj(d.features);
  const buttons = obj(d.buttons);
  const bands = obj(d.frequency_bands);
  const cap = Number(f.products_in_player);
  return {
    _id: String(d._id ?? ''),
    name: String(d.name ?? ''),
    brand_name: String(d.brand_name ?? ''),
    features: {
      ordered: arr<OrderedFeature>(f.ordered).filter((k) => FEATURES.includes(k)),
      display_price: f.display_price === 0 ? 0 : 1,
      products_in_player: cap > 0 ? cap : DEFAULT_PRODUCTS_IN_PLAYER,
      listener_votes: f.listener_votes === 1 ? 1 : 0,
      abx_trials: Number(f.abx_trials) > 0 ? Number(f.abx_trials) : 0,
    },
    products: arr(d.products).map(product),
    featured: arr<string>(d.featured).filter((id) => typeof id === 'string'),
    songs: arr(d.songs).map(song),
    preparing: d.preparing === 1 ? 1 : 0,
    buttons: {
      default: (buttons.default as PlayerInstance['buttons']['default']) ?? { currency: 'USD', symbol: '$', url: '' },
      list: arr(buttons.list),
    },
    image_order: arr<string>(d.image_order).length ? arr<string>(d.image_order) : ['group_360', 'additional'],
    tooltips: arr<{ feature: number; content: string }>(d.tooltips).filter(
      (t) => typeof t?.feature === 'number' && typeof t.content === 'string' && t.content.trim() !== '',
    ),
    frequency_bands: (BANDS.every(([key]) => bands[key] && typeof bands[key] === 'object')
      ? bands
      : null) as unknown as FrequencyBands,
    infos: Object.fromEntries(
      INFO_PAGES.map((page) => [page, str(obj(d.infos)[page]) ?? '']),
    ) as PlayerInstance['infos'],
  };
}

/**
 * Info pages as a read carries them: the desktop read has every page, the mobile read (`mobile_infos`) no Home.
 */
export type InfoTexts = Partial<Record<InfoPage, string>>;

/** The info pages the operator has written (blank or absent ones are left out), in their tab order. */
export const infoPagesOf = (infos: InfoTexts) => INFO_PAGES.filter((page) => (infos[page] ?? '').trim() !== '');

/**
 * The products loaded when the player opens: the featured ones (slots 1–3, in slot order), or the first
 * three when none is featured; never more than Products in Player.
 */
export function initialProducts(data: Pick<PlayerInstance, 'products' | 'featured' | 'features'>): string[] {
  const ids = new Set(data.products.map((p) => p._id));
  const featured = data.featured.filter((id) => ids.has(id));
  const start = featured.length ? featured : data.products.slice(0, PRODUCT_SLOTS).map((p) => p._id);
  return [...new Set(start)].slice(0, Math.max(1, data.features.products_in_player));
}

/** The products the visitor may still add to the comparison (none once it holds Products in Player). */
export function addableProducts(
  data: Pick<PlayerInstance, 'products' | 'features'>,
  chosen: readonly string[],
): PlayerProduct[] {
  if (chosen.length >= data.features.products_in_player) return [];
  return data.products.filter((p) => !chosen.includes(p._id));
}

/** '20 Hz – 60 Hz', '4 kHz – 10 kHz'. */
export function hz(value: number): string {
  if (!Number.isFinite(value)) return '';
  return value >= 1000 ? `${Number((value / 1000).toFixed(1))} kHz` : `${Math.round(value)} Hz`;
}
export const bandRange = (min: number, max: number) => `${hz(min)} – ${hz(max)}`;

export interface Selection {
  chosen: string[];
  product: string | null;
  song: string | null;
  source: string | null;
}

/**
 * What the player opens with: the default products, song and source, or those a shared link names (its
 * product joins the loaded ones, taking the last place when Products in Player is reached).
 */
export function initialSelection(
  data: Pick<PlayerInstance, 'products' | 'featured' | 'features' | 'songs'>,
  shared: { product?: string | null; song?: string | null; source?: string | null } | null,
): Selection {
  let chosen = initialProducts(data);
  const wanted = shared?.product && data.products.some((p) => p._id === shared.product) ? shared.product : null;
  if (wanted && !chosen.includes(wanted))
    chosen = [...chosen.slice(0, Math.max(0, data.features.products_in_player - 1)), wanted];
  const { song, source } = startingSource(data.songs, chosen, shared);
  const recorded = (id: string) => !source || source.versions.some((v) => v.product_id === id);
  const product = wanted ?? chosen.find(recorded) ?? chosen[0] ?? null;
  return { chosen, product, song: song?._id ?? null, source: source?._id ?? null };
}

/** What the choice reads of a song: its sources and which products recorded each (desktop and mobile reads). */
type Song = { _id: string; sources: { _id: string; versions: { product_id: string }[] }[] };

/**
 * The song and source the player opens on. A shared link's song (and its source) wins while still offered;
 * otherwise the first source, in song then source order, that the most of the `shown` products recorded, so the
 * player does not open on a take only one of the compared products has (the others greyed 'not recorded'). A
 * shared song without a (still offered) source opens on its best source the same way.
 */
export function startingSource<S extends Song>(
  songs: S[],
  shown: readonly string[],
  shared: { song?: string | null; source?: string | null } | null,
): { song: S | null; source: S['sources'][number] | null } {
  const sharedSong = songs.find((s) => s._id === shared?.song);
  const sharedSource = sharedSong?.sources.find((s) => s._id === shared?.source);
  if (sharedSong && sharedSource) return { song: sharedSong, source: sharedSource };
  const count = (source: S['sources'][number]) =>
    shown.filter((id) => source.versions.some((v) => v.product_id === id)).length;
  let best: { song: S | null; source: S['sources'][number] | null; n: number } = {
    song: sharedSong ?? songs[0] ?? null,
    source: (sharedSong ?? songs[0])?.sources[0] ?? null,
    n: -1,
  };
  for (const song of sharedSong ? [sharedSong] : songs)
    for (const source of song.sources) {
      const n = count(source);
      if (n > best.n) best = { song, source, n };
    }
  return { song: best.song, source: best.source };
}
