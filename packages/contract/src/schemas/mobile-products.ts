import { z } from 'zod';
import { MOBILE_PRODUCT_PAGE_SIZES, MOBILE_SLOTS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { filterText, id, pageQuery, queryBool, says, status01 } from './common.ts';

/**
 * A mobile instance's Products tab: the rows it lists (every published product of every brand, Sync Products keeping
 * the list current), the rules a saved list keeps, the tab's filters and sorts, and Sync Products. The instance
 * itself is schemas/mobile.ts; decisions beyond the spec are in docs/api.md "Mobile instances".
 */

const slot = z
  .number(says('must be a number'))
  .int({ error: 'must be a whole number' })
  .min(1, { error: `must be 1 to ${MOBILE_SLOTS}` })
  .max(MOBILE_SLOTS, { error: `must be 1 to ${MOBILE_SLOTS}` });

/**
 * One product of a mobile instance as stored and saved. Every published product of every brand is listed (Sync
 * Products keeps the list current); the operator makes some active (offered by the widget) and up to three of those
 * featured (on screen at launch). `player_position` is the on-screen slot (1–3) a featured product takes;
 * `placement_priority` (1–3) orders the featured products that have no position into the free slots.
 */
export const mobileProduct = z.object({
  product_id: id.describe('The product.'),
  is_active: status01.describe('1: offered by the widget; 0: listed but switched off.'),
  is_featured: status01.describe('1: featured (on screen at launch; active ones only, at most 3).'),
  featured_order: z
    .number(says('must be a number'))
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100_000)
    .nullable()
    .describe("Its rank among the featured products, 1 to the count of the instance's products; null: none."),
  player_position: slot
    .nullable()
    .describe(`The on-screen slot (1–${MOBILE_SLOTS}) a featured product takes, each once; null: none.`),
  placement_priority: slot
    .nullable()
    .describe('Fills the free slots with featured products without a position, 1 first, each once; null: none.'),
});
export type MobileProduct = z.infer<typeof mobileProduct>;

/** A product row as the Products tab shows it (brand, model, name, default price); the extra fields are read-only. */
export const mobileProductRow = mobileProduct.extend({
  brand_id: z.string().describe("The product's brand."),
  brand_name: z.string().describe("Its brand's name."),
  name: z.string().describe("The product's name."),
  model: z.string().nullable().describe('Its model.'),
  price: z
    .object({
      currency: z.string().describe('ISO 4217 code.'),
      price: z.number().describe('The amount.'),
      symbol: z.string().describe('The currency symbol.'),
    })
    .nullable()
    .describe('Its default price; null when none.'),
});
export type MobileProductRow = z.infer<typeof mobileProductRow>;

/**
 * Featured Order is a rank among the instance's products, so it runs 1 to their count (the placeholder the tab shows,
 * docs/api.md "Mobile instances"); the schema can only bound it by 1, the server checks the count at the save.
 */
export const featuredOrderRange = (count: number) => `must be 1 to ${count}`;

/** The Products tab's one-line explanations of its three orderings (shown beside their column titles). */
export const MOBILE_PRODUCT_TIPS = {
  featuredOrder: 'Ranks the featured products, from 1 to the number of products in this instance.',
  playerPosition: 'The on-screen slot (1 to 3) a featured product takes when the widget opens.',
  placementPriority: 'Fills the free slots with featured products that have no Player Position, 1 first.',
} as const;

/**
 * The whole product list's rules (checked after a save is merged into what is stored; docs/api.md "Mobile instances").
 */
export const MOBILE_PRODUCT_RULES = {
  featuredActive: 'a featured product must be active',
  featuredMax: `at most ${MOBILE_SLOTS} products may be featured`,
  positionUnique: `each player position (1 to ${MOBILE_SLOTS}) may be held by one product only`,
  priorityUnique: `each placement priority (1 to ${MOBILE_SLOTS}) may be held by one product only`,
  unknownProduct: 'names a product this instance does not list (Sync Products first)',
  deletedProduct: 'names a product that has been deleted (Sync Products first)',
} as const;

/** The first rule a product list breaks, or null. Positions and priorities count on featured products only. */
export function mobileProductsProblem(products: readonly MobileProduct[]): string | null {
  if (products.some((p) => p.is_featured === 1 && p.is_active === 0)) return MOBILE_PRODUCT_RULES.featuredActive;
  const featured = products.filter((p) => p.is_featured === 1);
  if (featured.length > MOBILE_SLOTS) return MOBILE_PRODUCT_RULES.featuredMax;
  const distinct = (values: (number | null)[]) => {
    const set = values.filter((v) => v !== null);
    return new Set(set).size === set.length;
  };
  if (!distinct(featured.map((p) => p.player_position))) return MOBILE_PRODUCT_RULES.positionUnique;
  if (!distinct(featured.map((p) => p.placement_priority))) return MOBILE_PRODUCT_RULES.priorityUnique;
  return null;
}

/** PUT /admin/mobile_instances/{id} {type:'products', products}: the rows given replace theirs; the others stay. */
export const mobileProductsBody = z.object({
  type: z.literal('products', { error: "must be 'products'" }).describe("Always 'products'."),
  products: z
    .array(mobileProduct)
    .min(1, { error: 'must hold at least one product' })
    .max(1000)
    .describe('The rows to save: each replaces its stored row; rows not sent stay as stored.'),
});
export type MobileProductsBody = z.infer<typeof mobileProductsBody>;

/** The Products tab's filters and sorts (GET /admin/mobile_instances/products). */
export const MOBILE_PRODUCT_SORTS = ['name', 'featured_order', 'player_position'] as const;
export type MobileProductSort = (typeof MOBILE_PRODUCT_SORTS)[number];
export const mobileProductsQuery = pageQuery.extend({
  instance_id: id.describe('The mobile instance whose products to list.'),
  name: filterText(200).describe("Part of the product's name, any case."),
  is_active: queryBool.optional().describe('Only active (true) or only inactive (false) products.'),
  is_featured: queryBool.optional().describe('Only featured (true) or only not featured (false) products.'),
  sort: z
    .enum(MOBILE_PRODUCT_SORTS, { error: `must be one of ${MOBILE_PRODUCT_SORTS.join(', ')}` })
    .default('name')
    .describe(`The order: ${MOBILE_PRODUCT_SORTS.join(', ')} (name unless told).`),
  page_size: z.coerce
    .number(says('must be a number'))
    .refine((n) => (MOBILE_PRODUCT_PAGE_SIZES as readonly number[]).includes(n), {
      error: `must be one of ${MOBILE_PRODUCT_PAGE_SIZES.join(', ')}`,
    })
    .default(MOBILE_PRODUCT_PAGE_SIZES[0])
    .describe(`Rows a page: one of ${MOBILE_PRODUCT_PAGE_SIZES.join(', ')}.`),
});
export type MobileProductsQuery = z.infer<typeof mobileProductsQuery>;
/** GET /admin/mobile_instances/products: data.products (the page) and total_num. */
export const mobileProductsAnswer = z.object({
  products: z.array(mobileProductRow).describe('The page of products.'),
  total_num: z.number().int().describe('How many products match the filters.'),
});
export type MobileProductsAnswer = z.infer<typeof mobileProductsAnswer>;

/** PUT /admin/mobile_instances/sync_products {instance_id}: the msg says what changed. */
export const mobileSyncBody = z.object({ instance_id: id.describe('The mobile instance to sync.') });
export type MobileSyncBody = z.infer<typeof mobileSyncBody>;
export const mobileSyncAnswer = z.object({
  added: z.number().int().describe('Products newly listed (published ones it did not list yet), inactive.'),
  removed: z.number().int().describe('Rows dropped: their product, or its brand, deleted or unpublished.'),
});
export type MobileSyncAnswer = z.infer<typeof mobileSyncAnswer>;
export const mobileSyncMsg = ({ added, removed }: z.infer<typeof mobileSyncAnswer>) =>
  `${MSG.synchronizeSuccess}: ${added} product${added === 1 ? '' : 's'} added, ${removed} removed`;
