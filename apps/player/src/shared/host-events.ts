/**
 * The player's side of the host page's API (types/atk-player.d.ts; docs/api.md "The player on the host page"): the
 * events' names and details as the app emits them, what the app hands the element to be driven (`Control`), and the
 * brand's own analytics (`analytics="datalayer"`). In both loaders' bundles: keep it small.
 */
import type { PLAYER_HOST_EVENTS } from '@atk/contract/constants';
import type { AtkPlayerEventMap } from '../../types/atk-player.d.ts';

/** The contract's list of events (which the console's guide shows) and the typings' map name the same events. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<(typeof PLAYER_HOST_EVENTS)[number], keyof AtkPlayerEventMap>;

/** An event's name without its `atk-` prefix: 'play', 'buy-click', … */
export type HostEventName = keyof AtkPlayerEventMap extends `atk-${infer N}` ? N : never;
/** What the app says of an event: its detail but the instance, which the element adds. */
export type DetailOf<N extends HostEventName> = Omit<AtkPlayerEventMap[`atk-${N}`]['detail'], 'instance'>;
export type Emit = <N extends HostEventName>(name: N, detail: DetailOf<N>) => void;

/** The player as the page drives it, once it shows an instance (the element checks the arguments first). */
export interface Control {
  play(): Promise<void>;
  pause(): void;
  seek(seconds: number): Promise<void>;
  select(product: string): Promise<void>;
  selectSong(song: string, source?: string): void;
  selectSource(source: string): void;
  state(): { playing: boolean; position: number; product: string | null; song: string | null; source: string | null };
}

/** What the element hands the app chunk: where its events go, and where it says it is ready to be driven. */
export interface HostLink {
  emit: Emit;
  ready(control: Control): void;
}

type Layer = { push(...items: object[]): unknown };

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * One event as the page's `dataLayer` receives it: `{ event: 'atk_play', atk_instance, atk_product, … }`, each detail
 * field prefixed `atk_` in snake case, lists of ids joined by commas (GTM's variables read flat values). A buy click
 * is GA4's `begin_checkout` with the product as its item, after the `{ ecommerce: null }` GTM asks for to clear the
 * previous one. The layer is made when the page has none: the attribute asked for it.
 */
export function pushToDataLayer(name: HostEventName, detail: Record<string, unknown>): void {
  const w = window as unknown as { dataLayer?: Layer };
  w.dataLayer ??= [] as unknown as Layer;
  const layer = w.dataLayer;
  const entry: Record<string, unknown> = { event: `atk_${snake(name.replace(/-/g, '_'))}` };
  for (const [key, value] of Object.entries(detail)) {
    const flat = Array.isArray(value)
      ? value.map((v) => (v && typeof v === 'object' ? (v as { id: string }).id : v)).join(',')
      : value;
    entry[`atk_${snake(key)}`] = flat;
  }
  if (name !== 'buy-click') {
    layer.push(entry);
    return;
  }
  const d = detail as unknown as AtkPlayerEventMap['atk-buy-click']['detail'];
  const item: Record<string, unknown> = {
    item_id: d.product,
    item_name: d.productName,
    item_brand: d.brand,
    affiliation: d.retailerName ?? 'buy button',
    quantity: 1,
  };
  if (d.price !== null) item.price = d.price;
  const ecommerce: Record<string, unknown> = { items: [item] };
  if (d.currency) ecommerce.currency = d.currency;
  if (d.price !== null) ecommerce.value = d.price;
  layer.push({ ecommerce: null });
  layer.push({ ...entry, event: 'begin_checkout', ecommerce });
}
