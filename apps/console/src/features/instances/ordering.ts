/**
 * The ordering rules of the instance tabs, free of React so they are easy to reason about:
 * - feature orders: the five ordered features hold distinct orders 1-5;
 * - featured product slots 1-3: one product per slot across the my-brand and other-brands lists;
 * - songs and sources: moving one to a new position shifts the ones in between, orders stay 1, 2, 3…;
 * - images: the two images hold orders 1 and 2.
 */
import {
  type InstanceFeatures,
  type InstanceImage,
  type InstanceProduct,
  type InstanceSong,
  ORDERED_FEATURES,
  type OrderedFeature,
} from '@atk/contract';

// ── features ─────────────────────────────────────────────────────────────────────────────────────────
/**
 * Sets `feature` to `order`. If another ordered feature held that order, it gets the first order (1-5) not
 * held by the remaining features.
 */
export function setFeatureOrder(features: InstanceFeatures, feature: OrderedFeature, order: number): InstanceFeatures {
  const next: InstanceFeatures = { ...features, [feature]: { ...features[feature], order } };
  const holder = ORDERED_FEATURES.find((k) => k !== feature && next[k].order === order);
  if (!holder) return next;
  const taken = new Set(ORDERED_FEATURES.filter((k) => k !== holder).map((k) => next[k].order));
  let free = 1;
  while (taken.has(free) && free <= ORDERED_FEATURES.length) free++;
  return { ...next, [holder]: { ...next[holder], order: free } };
}

// ── products ─────────────────────────────────────────────────────────────────────────────────────────
export type ProductListKind = 'products' | 'other_products';
export interface ProductLists {
  products: InstanceProduct[];
  other_products: InstanceProduct[];
}

/**
 * Gives the product `productId` of list `kind` the featured slot `slot` (null: blank); any other product, in
 * either list, that held the same slot loses it.
 */
export function setProductSlot(
  lists: ProductLists,
  kind: ProductListKind,
  productId: string,
  slot: number | null,
): ProductLists {
  const update = (list: InstanceProduct[], own: boolean) =>
    list.map((p) => {
      if (own && p.product_id === productId) return { ...p, order: slot };
      if (slot !== null && p.order === slot) return { ...p, order: null };
      return p;
    });
  return {
    products: update(lists.products, kind === 'products'),
    other_products: update(lists.other_products, kind === 'other_products'),
  };
}

// ── songs and sources ────────────────────────────────────────────────────────────────────────────────
interface Ordered {
  order: number;
}

/** A copy sorted by order (stable). */
export const sortByOrder = <T extends Ordered>(items: readonly T[]): T[] =>
  items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.order - b.item.order || a.i - b.i)
    .map(({ item }) => item);

/** Sorted by order and numbered 1, 2, 3… (repairs gaps and duplicates of stored data). */
export const renumber = <T extends Ordered>(items: readonly T[]): T[] =>
  sortByOrder(items).map((item, i) => (item.order === i + 1 ? item : { ...item, order: i + 1 }));

/**
 * Moves the item at `index` to position `to` (1-based): the items in between shift by one towards its old
 * place, so the orders stay contiguous. The array keeps its positions; only orders change. Expects
 * contiguous orders (see `renumber`).
 */
export function moveTo<T extends Ordered>(items: readonly T[], index: number, to: number): T[] {
  const item = items[index];
  if (!item) return [...items];
  const from = item.order;
  const target = Math.max(1, Math.min(items.length, to));
  if (target === from) return [...items];
  return items.map((it, i) => {
    if (i === index) return { ...it, order: target };
    if (target < from && it.order >= target && it.order < from) return { ...it, order: it.order + 1 };
    if (target > from && it.order <= target && it.order > from) return { ...it, order: it.order - 1 };
    return it;
  });
}

/** Songs and their sources as the server wants them: each list sorted by order, numbered 1, 2, 3… */
export const normalizeSongs = (songs: readonly InstanceSong[]): InstanceSong[] =>
  renumber(songs).map((s) => ({ ...s, instruments: renumber(s.instruments) }));

// ── images ───────────────────────────────────────────────────────────────────────────────────────────
/** Gives image `code` the order 1 or 2; the other image takes the other one. */
export function setImageOrder(images: readonly InstanceImage[], code: InstanceImage['code'], order: 1 | 2) {
  return images.map((img) => ({ ...img, order: img.code === code ? order : 3 - order }));
}
