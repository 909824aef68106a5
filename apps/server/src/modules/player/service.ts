import {
  type InstanceFeatures,
  type InstanceProduct,
  MSG,
  ORDERED_FEATURES,
  type PlayerInstance,
  type PlayerProduct,
  PRODUCT_SLOTS,
} from '@atk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, instances, products } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a visitor's `<atk-player>` may read of an instance: its name, brand, enabled features and the active,
 * published products. An unpublished, deleted or unknown instance (or a malformed id) is one 404.
 */
export async function readPlayerInstance(db: Db, id: string): Promise<PlayerInstance> {
  if (!UUID.test(id)) throw notFound(MSG.instanceNotFound);
  const [row] = await db
    .select({
      id: instances.id,
      name: instances.name,
      isPublished: instances.isPublished,
      features: instances.features,
      products: instances.products,
      otherProducts: instances.otherProducts,
      brandName: brands.name,
      brandDeleted: brands.isDeleted,
    })
    .from(instances)
    .innerJoin(brands, eq(brands.id, instances.brandId))
    .where(and(eq(instances.id, id), eq(instances.isDeleted, false)))
    .limit(1);
  if (row?.isPublished !== 1 || row.brandDeleted) throw notFound(MSG.instanceNotFound);

  const ids = playerOrder([...(row.products ?? []), ...(row.otherProducts ?? [])]);
  const found = ids.length
    ? await db
        .select({
          id: products.id,
          name: products.name,
          model: products.model,
          images: products.images,
          brandName: brands.name,
        })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(and(inArray(products.id, ids), eq(products.isPublished, 1), eq(products.isDeleted, false)))
    : [];
  const byId = new Map<string, PlayerProduct>(
    found.map((p) => [
      p.id,
      { _id: p.id, name: p.name, model: p.model ?? null, brand_name: p.brandName, thumbnail: thumbnailOf(p.images) },
    ]),
  );
  return {
    _id: row.id,
    name: row.name,
    brand_name: row.brandName,
    features: playerFeatures(row.features),
    products: ids.flatMap((pid) => byId.get(pid) ?? []),
  };
}

/** Active products' ids: featured slots 1–3 first (by slot), then the rest in list order (mine, then others). */
export function playerOrder(list: InstanceProduct[]): string[] {
  const active = list.filter((p) => p.is_active === 1);
  const isSlot = (o: number | null | undefined): o is number => typeof o === 'number' && o >= 1 && o <= PRODUCT_SLOTS;
  const featured = active.filter((p) => isSlot(p.order)).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const rest = active.filter((p) => !isSlot(p.order));
  return [...new Set([...featured, ...rest].map((p) => p.product_id))];
}

export function playerFeatures(features: Partial<InstanceFeatures> | null | undefined): PlayerInstance['features'] {
  const f = features ?? {};
  const ordered = ORDERED_FEATURES.filter((key) => f[key]?.is_enable === 1).sort(
    (a, b) => (f[a]?.order ?? 0) - (f[b]?.order ?? 0),
  );
  // Display Price defaults to enabled when missing (spec 3 §2).
  return { ordered, display_price: f.display_price?.is_enable === 0 ? 0 : 1 };
}

function thumbnailOf(images: unknown): string | null {
  const url = (images as { thumbnail?: { url?: unknown } | null } | null)?.thumbnail?.url;
  return typeof url === 'string' && url ? url : null;
}
