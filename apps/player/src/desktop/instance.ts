/**
 * The desktop player's read of an instance made safe to draw: every list present (an older server, or a product
 * without content, leaves fields out), its tooltips and panel titles, and the products, song and source it opens
 * with. Pure: no DOM.
 */
import type { FrequencyBands, PlayerInstance, PlayerProduct, PlayerSong } from '@atk/contract';
// The zod-free entry: the player bundles no schema.
import {
  DEFAULT_PRODUCTS_IN_PLAYER,
  INFO_PAGES,
  ORDERED_FEATURES,
  PRODUCT_SLOTS,
  TOOLTIP_FEATURES,
} from '@atk/contract/constants';
import { BANDS, type OrderedFeature, startingSource } from '../shared/instance.ts';

export type TooltipName = (typeof TOOLTIP_FEATURES)[number];
/** The tooltip feature codes (0–9) by name. */
export const TOOLTIP = Object.fromEntries(TOOLTIP_FEATURES.map((name, code) => [name, code])) as Record<
  TooltipName,
  number
>;
/** A feature's tooltip text by name (several of one feature together), or none. */
export type Tip = (name: TooltipName) => string | undefined;

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
      utm_tags: f.utm_tags === 1 ? 1 : 0,
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
