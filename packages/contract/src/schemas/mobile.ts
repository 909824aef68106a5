import { z } from 'zod';
import {
  MOBILE_MENU,
  MOBILE_PLAYER_TAG,
  MOBILE_PRODUCT_PAGE_SIZES,
  MOBILE_SLOTS,
  RETAILER_STATUSES,
} from '../constants.ts';
import { MSG } from '../messages.ts';
import { filterText, httpUrl, id, isoTime, pageQuery, queryBool, safeString, says, status01 } from './common.ts';
import { type InstanceSong, instanceImage, instanceImages, instanceSongNamed, instanceSources } from './instances.ts';
import { frequencyBands, playerInfos, playerProduct, playerSong } from './player.ts';
import { frequencyBandsInput, infosContent, storedInfosContent } from './settings.ts';

/**
 * The mobile widget and its operator area: mobile instances, retailers, the mobile settings. Decisions beyond the
 * spec are in docs/api.md "Mobile instances" and "Retailers and mobile settings".
 */

const slot = z
  .number(says('must be a number'))
  .int({ error: 'must be a whole number' })
  .min(1, { error: `must be 1 to ${MOBILE_SLOTS}` })
  .max(MOBILE_SLOTS, { error: `must be 1 to ${MOBILE_SLOTS}` });

// ── Mobile instance ─────────────────────────────────────────────────────────────────────────────────

/**
 * General: the name (required, as every name a list shows), the status the widget needs to open it, and Listener
 * votes (off unless set: the widget's blind mode then asks which product the listener preferred).
 */
export const mobileGeneral = z.object({
  name: safeString()
    .trim()
    .min(1, { error: 'is required' })
    .max(200, { error: 'must be at most 200 characters' })
    .describe('The name: 1–200 characters, trimmed.'),
  is_published: status01.default(0).describe('1: published (the mobile widget opens it); 0: not yet.'),
  listener_votes: status01
    .default(0)
    .describe('1: after a blind test the mobile widget asks "Which did you prefer?"; 0: it does not (the default).'),
});
export type MobileGeneral = z.infer<typeof mobileGeneral>;

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

/** The launch code of a mobile instance: what a page puts to open it in the mobile widget (General tab). */
export const mobileLaunchCode = (origin: string, instanceId: string) =>
  `<script src="${origin}/player/atk-mobile.js" defer></script>\n` +
  `<${MOBILE_PLAYER_TAG} instance-id="${instanceId}" status="show"></${MOBILE_PLAYER_TAG}>`;

/** GET /atk/mobile/instances/{id}. The products are read a page at a time (mobileProductsQuery). */
const mobileListGeneral = z
  .object({
    name: z.string().describe('Its name.'),
    is_published: status01.describe('1: published; 0: not yet.'),
    listener_votes: status01.describe('1: the widget asks blind listeners for a vote; 0: not.'),
  })
  .describe('Its name, status and Listener votes.');
export const mobileInstance = z.object({
  _id: z.string().describe('Its id.'),
  general: mobileListGeneral,
  sources: z.array(instanceSongNamed).describe('Its songs and their sources, in order.'),
  images: z.array(instanceImage).describe('The two image features, in order.'),
  /** How many products it lists, and how many of them are active and featured. */
  product_counts: z
    .object({
      total: z.number().int().describe('Products it lists.'),
      active: z.number().int().describe('Of them active.'),
      featured: z.number().int().describe('Of them featured.'),
    })
    .describe('How many products it lists, and how many of them are active and featured.'),
  updated_at: isoTime.describe('When it last changed.'),
});
export type MobileInstance = z.infer<typeof mobileInstance>;

/** PUT /atk/mobile/instances/{id}: exactly one of general, sources, images. */
export type MobileInstanceUpdate = { general: MobileGeneral } | { sources: InstanceSong[] } | { images: MobileImages };
export type MobileImages = z.infer<typeof instanceImages>;
export const mobileInstanceUpdate = z
  .object({
    general: mobileGeneral.optional().describe('General: name, status and Listener votes.'),
    sources: instanceSources.optional().describe('Its songs and their sources, in order.'),
    images: instanceImages.optional().describe('The two image features, in order.'),
  })
  .strict()
  .refine((b) => [b.general, b.sources, b.images].filter((part) => part !== undefined).length === 1, {
    error: 'must hold exactly one of general, sources, images',
  })
  .transform((b) => b as MobileInstanceUpdate);

/** POST /admin/mobile_instances {general}. */
export const mobileInstanceCreate = z
  .object({ general: mobileGeneral.describe('Its name and status.') })
  .meta({ example: { general: { name: 'Summer deals', is_published: 0 } } });
export type MobileInstanceCreate = z.input<typeof mobileInstanceCreate>;

export const mobileInstanceQuery = pageQuery.extend({
  name: filterText(200).describe('Part of the name, any case.'),
  is_published: queryBool.optional().describe('Only published (true) or only unpublished (false) ones.'),
});
export type MobileInstanceQuery = z.infer<typeof mobileInstanceQuery>;
export const mobileInstanceListItem = z.object({
  _id: z.string().describe('Its id.'),
  general: mobileListGeneral,
  updated_at: isoTime.describe('When it last changed.'),
});
export type MobileInstanceListItem = z.infer<typeof mobileInstanceListItem>;

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

// ── Retailer ────────────────────────────────────────────────────────────────────────────────────────

export const retailerStatus = z.enum(RETAILER_STATUSES, { error: "must be '1' (Active) or '0' (Inactive)" });
export const retailerImage = z
  .object({
    url: httpUrl(2000).describe("The logo's address: the storage's public URL of `key`."),
    key: safeString()
      .max(500)
      .describe("The logo's storage key, one of this retailer's: `images/origin/retailers/{id}_{timestamp}.{ext}`."),
    createdAt: safeString().max(40).describe('When the logo was uploaded (ISO time, as the console stamps it).'),
  })
  .describe("The retailer's logo, uploaded through the signed upload first; null clears it, left out keeps it.");
export const retailer = z
  .object({
    _id: z.string().describe("The retailer's id."),
    name: z.string().describe("The retailer's name; empty for a new one not saved yet."),
    status: retailerStatus.describe("'1': Active (offered by the mobile player's DEALS); '0': Inactive."),
    retailer_image: z
      .object({
        url: z.string().describe("The logo's address."),
        key: z.string().describe("The logo's storage key."),
        createdAt: z.string().describe('When the logo was uploaded.'),
      })
      .nullable()
      .describe('The logo; null when none.'),
    /** The shop's address (beyond the spec): DEALS links to it. */
    website: z.string().nullable().describe("The shop's address, which DEALS links to; null when none."),
    created_at: isoTime.describe('When it was created.'),
    updated_at: isoTime.describe('When it last changed.'),
  })
  .meta({
    example: {
      name: 'Sweetwater',
      status: '1',
      retailer_image: null,
      website: 'https://www.sweetwater.example',
    },
  });
export type Retailer = z.infer<typeof retailer>;
/** POST /admin/retailers: "Add" sends no fields, an empty object (or no body) only. */
export const retailerCreate = z.object({}).strict().optional().describe('No fields: an empty object, or no body.');
export type RetailerCreate = z.infer<typeof retailerCreate>;
/** PUT /admin/retailers/{id}. A new retailer (POST, empty body) is Inactive with an empty name until saved. */
export const retailerBody = z
  .object({
    name: safeString()
      .trim()
      .min(1, { error: 'is required' })
      .max(200, { error: 'must be at most 200 characters' })
      .describe('The name: 1–200 characters, trimmed.'),
    status: retailerStatus.describe("'1': Active; '0': Inactive."),
    retailer_image: retailerImage.nullable().optional(),
    website: httpUrl(2000)
      .nullable()
      .optional()
      .describe("The shop's address (http or https); null clears it, left out keeps it."),
  })
  .meta({
    example: {
      name: 'Sweetwater',
      status: '1',
      retailer_image: {
        url: 'https://files.example/images/origin/retailers/6f1c2a4e-8b3d-4c5e-9f10-2a3b4c5d6e7f_1764200000000.png',
        key: 'images/origin/retailers/6f1c2a4e-8b3d-4c5e-9f10-2a3b4c5d6e7f_1764200000000.png',
        createdAt: '2026-11-27T00:00:00.000Z',
      },
      website: 'https://www.sweetwater.example',
    },
  });
export type RetailerBody = z.infer<typeof retailerBody>;
export const retailerQuery = pageQuery.extend({
  name: filterText(200).describe('Part of the name, any case.'),
  status: retailerStatus.optional().describe("Only Active ('1') or only Inactive ('0') retailers."),
});
export type RetailerQuery = z.infer<typeof retailerQuery>;

// ── Settings (mobile) ───────────────────────────────────────────────────────────────────────────────

export const MOBILE_SETTINGS = ['mobile_infos', 'mobile_freq_graph', 'mobile_menu', 'mobile_landing_instance'] as const;
export type MobileSetting = (typeof MOBILE_SETTINGS)[number];

/** mobile_infos: the widget's Listening Tips, About Us and FAQ (rich text, sanitised as every rich text). */
export const mobileInfosContent = infosContent
  .pick({ listening_tips: true, about_us: true, faq: true })
  .describe("The widget's info pages, each at most 100,000 characters, stored sanitised.");
export type MobileInfosContent = z.infer<typeof mobileInfosContent>;
/** mobile_infos as answers carry them (unbounded, see `storedRichText`). */
const storedMobileInfos = storedInfosContent
  .pick({ listening_tips: true, about_us: true, faq: true })
  .describe("The widget's info pages.");
/** mobile_menu: the entries the widget's menu shows, in this order, each once. */
export const mobileMenuContent = z
  .array(
    z.enum(MOBILE_MENU, { error: `must be one of ${MOBILE_MENU.join(', ')}` }),
    says('must be a list of menu entries'),
  )
  .max(MOBILE_MENU.length, { error: `must list at most ${MOBILE_MENU.length} entries` })
  .refine((entries) => new Set(entries).size === entries.length, { error: 'must name each entry once' })
  .describe(`The entries the widget's menu shows, in this order, each once: any of ${MOBILE_MENU.join(', ')}.`);
export type MobileMenuContent = z.infer<typeof mobileMenuContent>;

/** GET /atk_player/admin/settings/{type} answers; PUT bodies are {content}. */
export const mobileSettingBodies = {
  mobile_infos: z.object({ content: mobileInfosContent }),
  mobile_freq_graph: z.object({ content: frequencyBandsInput }),
  mobile_menu: z.object({ content: mobileMenuContent }),
  mobile_landing_instance: z.object({
    content: z
      .object({
        instance: z
          .object({ _id: id.describe("The mobile instance's id: an existing, published one.") })
          .nullable()
          .describe('The mobile instance the /mobile page opens; null clears the choice.'),
      })
      .describe('The choice.'),
  }),
} as const;
export type MobileSettingBody<T extends MobileSetting> = z.infer<(typeof mobileSettingBodies)[T]>;
export const mobileSettingAnswers = {
  mobile_infos: z.object({
    type: z.literal('mobile_infos').describe("The setting: the widget's info pages."),
    content: storedMobileInfos,
  }),
  mobile_freq_graph: z.object({
    type: z.literal('mobile_freq_graph').describe("The setting: the widget's frequency graph."),
    content: frequencyBands.describe("The seven bands of the widget's frequency graph."),
  }),
  mobile_menu: z.object({
    type: z.literal('mobile_menu').describe("The setting: the widget's menu."),
    content: mobileMenuContent,
  }),
  /** The stored mobile instance with its name, for the console's select. */
  mobile_landing_instance: z.object({
    type: z.literal('mobile_landing_instance').describe("The setting: the /mobile page's mobile instance."),
    content: z
      .object({
        instance: z
          .object({
            _id: z.string().describe("The mobile instance's id."),
            name: z.string().describe("The mobile instance's name."),
          })
          .nullable()
          .describe(
            'The stored mobile instance, also while unpublished; null when none is set or it has been deleted.',
          ),
      })
      .describe('The stored choice.'),
  }),
} as const;
export type MobileSettingAnswer<T extends MobileSetting> = z.infer<(typeof mobileSettingAnswers)[T]>;
/** Until an operator saves one: every entry in the spec's order. */
export const DEFAULT_MOBILE_MENU: MobileMenuContent = [...MOBILE_MENU];

// ── The widget's read ───────────────────────────────────────────────────────────────────────────────

/**
 * GET /widget/mobile_instances/{id} (public, as the desktop read): a published mobile instance with what the
 * widget shows. `products` are the active ones (each with its brand), the featured first in their slots;
 * `slots` are the product ids on screen at launch (1–3). Songs carry every active product's ready versions.
 */
export const mobilePlayerInstance = z.object({
  _id: z.string().describe("The mobile instance's id."),
  name: z.string().describe('Its name.'),
  products: z.array(playerProduct).describe('Its active products (each with its brand), the featured first.'),
  slots: z.array(z.string()).describe('The product ids on screen at launch (1–3).'),
  songs: z.array(playerSong).describe("Its songs, each source with every active product's ready versions."),
  menu: mobileMenuContent.describe("The entries the widget's menu shows, in order."),
  infos: playerInfos(['listening_tips', 'about_us', 'faq'] as const),
  frequency_bands: frequencyBands.describe("The frequency graph's seven bands."),
  /** The codes of the instance's images by order (its Images tab), as the desktop read: which gallery IMAGES
   * shows first. */
  image_order: z.array(z.string()).describe('The image features by order: which gallery IMAGES shows first.'),
  /** Active retailers for DEALS. */
  retailers: z
    .array(
      z.object({
        _id: z.string().describe("The retailer's id."),
        name: z.string().describe('Its name.'),
        image: z.string().nullable().describe("Its logo's address; null when none."),
        website: z.string().nullable().describe("The shop's address; null when none."),
      }),
    )
    .describe('The active retailers, for DEALS.'),
  /** 1 while a recording of an active product on an offered source is still being processed (as the desktop
   * read's `preparing`): the widget reads again until it is ready. */
  preparing: status01.describe('1 while a recording is still being processed: the widget reads again until ready.'),
  /** The instance's Listener votes: 1, the widget's blind mode asks "Which did you prefer?" (as the desktop's). */
  listener_votes: status01.describe('1: after a blind test the widget asks "Which did you prefer?".'),
  updated_at: isoTime.describe('When it last changed.'),
});
export type MobilePlayerInstance = z.infer<typeof mobilePlayerInstance>;

/** The atk operator's brand and product pickers (GET /atk_player/admin/brands, GET /atk/admin/products). */
export const atkProductsQuery = pageQuery.extend({ brand_id: id.describe('The brand whose products to list.') });
export type AtkProductsQuery = z.infer<typeof atkProductsQuery>;
export const atkProductItem = z.object({
  _id: z.string().describe("The product's id."),
  name: z.string().describe('Its name.'),
  model: z.string().nullable().describe('Its model.'),
});
export type AtkProductItem = z.infer<typeof atkProductItem>;
