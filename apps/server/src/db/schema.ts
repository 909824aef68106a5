import type {
  InstanceButtons,
  InstanceFeatures,
  InstanceImage,
  InstanceProduct,
  InstanceSong,
  Subscription,
} from '@atk/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    isPublished: integer('is_published').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('brands_name_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with({ fastupdate: 'off' }),
    index('brands_list_idx').on(t.isDeleted, t.createdAt),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    registerType: text('register_type'),
    masterBrandId: uuid('master_brand_id').references(() => brands.id),
    masterBrandStatus: text('master_brand_status'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    companyName: text('company_name'),
    companyWebsite: text('company_website'),
    companyPhone: text('company_phone'),
    phone: text('phone'),
    brandName: text('brand_name'),
    brandWebsite: text('brand_website'),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    city: text('city'),
    stateProvinceRegion: text('state_province_region'),
    postalCode: text('postal_code'),
    country: text('country'),
    isDemo: boolean('is_demo').notNull().default(false),
    /** A customer's subscription; null → DEFAULT_SUBSCRIPTION (docs/api.md "Whose subscription"). */
    subscription: jsonb('subscription').$type<Subscription>(),
    /** The plan an operator last chose for the customer (its features were copied into `subscription`). */
    planId: uuid('plan_id').references(() => plans.id),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_master_brand_idx').on(t.masterBrandId),
    // The Customers list: by role, newest first; and its name and email searches (trigram, see 0006; docs/api.md
    // "Customers and plans").
    index('users_role_list_idx').on(t.roleId, t.isDeleted, t.createdAt),
    index('users_list_idx').on(t.isDeleted, t.createdAt),
    index('users_name_idx')
      .using('gin', sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`).with({ fastupdate: 'off' }),
    index('users_plan_idx').on(t.planId),
  ],
);

/**
 * A plan: a named template of a subscription that operators copy into customers' own (docs/api.md
 * "Customers and plans").
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    isPublished: integer('is_published').notNull().default(0),
    subscription: jsonb('subscription').$type<Subscription>().notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('plans_list_idx').on(t.isDeleted, t.createdAt)],
);

/** Opaque bearer tokens; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** The uuid is kept in clear: operators copy the invitation link from the list (docs/api.md "Operators"). */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    email: text('email').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('invitations_created_idx').on(t.createdAt), index('invitations_user_idx').on(t.userId)],
);

/** Recovery links: only the SHA-256 of the link's uuid is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Settings records, one row per type: the operators' (docs/api.md "Client guide and the player's public read") and
 * the mobile widget's ("Retailers and mobile settings").
 */
export const settings = pgTable('settings', {
  type: text('type').primaryKey(),
  content: jsonb('content').notNull(),
  updatedAt: updatedAt(),
});

/** Fixed-window counters shared by every server process (sign-in and recovery limits); expired rows are swept. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * Addresses an account signed in from (a salted SHA-256, not the address): a correct password from one of them
 * passes the per-email and per-address sign-in limits (docs/api.md "Sign-in and recovery limits").
 */
export const knownSignInAddresses = pgTable(
  'known_sign_in_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);

/** Facts about the database itself, such as whether the demo data went in. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// ── Brand content (docs/api.md "Brand content") ────────────────────────────────────────────────────────

const status = () => integer('is_published').notNull().default(0);
/** Songs and sources are Active unless switched off (migration 0010; docs/api.md "Catalogue"). */
const activeStatus = () => integer('is_published').notNull().default(1);
const deleted = () => boolean('is_deleted').notNull().default(false);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    isPublished: status(),
    isDeleted: deleted(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_list_idx').on(t.isDeleted, t.updatedAt)],
);

export const subCategories = pgTable(
  'sub_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    isPublished: status(),
    isDeleted: deleted(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sub_categories_category_idx').on(t.categoryId, t.isDeleted)],
);

/** song_type 1 single-product, 2 cross-comparable; is_atk 1 = provided by the platform, read-only for brands. */
export const songs = pgTable(
  'songs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id').references(() => brands.id),
    subCategoryId: uuid('sub_category_id').references(() => subCategories.id),
    name: text('name').notNull(),
    songWriter: text('song_writer'),
    songType: integer('song_type').notNull().default(1),
    isAtk: integer('is_atk').notNull().default(0),
    order: integer('order').notNull().default(0),
    isPublished: activeStatus(),
    isDeleted: deleted(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('songs_brand_idx').on(t.brandId, t.isDeleted, t.songType),
    index('songs_sub_category_idx').on(t.subCategoryId, t.isDeleted),
  ],
);

/** A source: one instrument track of a song, with how it was recorded. */
export const instruments = pgTable(
  'instruments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
    isPublished: activeStatus(),
    performerName: text('performer_name'),
    instrumentBrand: text('instrument_brand'),
    instrumentDetails: text('instrument_details'),
    producerEngineer: text('producer_engineer'),
    roomStudio: text('room_studio'),
    micDistanceSource: text('mic_distance_source'),
    micAxis: text('mic_axis'),
    micCableBrand: text('mic_cable_brand'),
    preampBrand: text('preamp_brand'),
    additionalPreProcessing: text('additional_pre_processing'),
    aDConverter: text('a_d_converter'),
    additionalPostProcessing: text('additional_post_processing'),
    isDeleted: deleted(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('instruments_song_idx').on(t.songId, t.isDeleted, t.order)],
);

/**
 * A product. The general section lives in columns (lists filter and sort on it); the other sections are
 * documents saved one at a time (docs/api.md "Brand content").
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    categoryId: uuid('category_id').references(() => categories.id),
    subCategoryId: uuid('sub_category_id').references(() => subCategories.id),
    name: text('name').notNull(),
    model: text('model'),
    isPublished: status(),
    price: jsonb('price'),
    images: jsonb('images'),
    songs: jsonb('songs').$type<string[]>().notNull().default([]),
    atkSongs: jsonb('atk_songs').$type<string[]>().notNull().default([]),
    listeningGuide: jsonb('listening_guide'),
    discography: jsonb('discography'),
    techSpecs: jsonb('tech_specs'),
    frequencyGraph: jsonb('frequency_graph'),
    isActive: integer('is_active').notNull().default(1),
    order: integer('order').notNull().default(0),
    isDeleted: deleted(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_brand_list_idx').on(t.brandId, t.isDeleted, t.updatedAt),
    index('products_list_idx').on(t.isDeleted, t.updatedAt),
    index('products_name_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with({ fastupdate: 'off' }),
    // The mobile Products tab's order (migration 0014).
    index('products_name_order_idx').on(sql`lower(${t.name})`, t.name, t.id),
  ],
);

/**
 * One uploaded recording of a source through a product, and what processing made of it:
 * uploaded → processing → ready, or failed with the reason.
 */
export const audios = pgTable(
  'audios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id),
    name: text('name').notNull(),
    /** Storage key and public URL of the file as uploaded. */
    key: text('key').notNull(),
    url: text('url').notNull(),
    status: text('status').notNull().default('uploaded'),
    error: text('error'),
    processedKey: text('processed_key'),
    processedUrl: text('processed_url'),
    peaksUrl: text('peaks_url'),
    /** Integrated loudness (LUFS, EBU R128) and true peak (dBTP) of the processed file. */
    lufs: doublePrecision('lufs'),
    truePeak: doublePrecision('true_peak'),
    durationMs: integer('duration_ms'),
    sampleRate: integer('sample_rate'),
    channels: integer('channels'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('audios_product_instrument_idx').on(t.productId, t.instrumentId),
    index('audios_instrument_idx').on(t.instrumentId),
  ],
);

/** ISO 4217 currencies with their symbols (seeded). */
export const currencies = pgTable('currencies', {
  id: uuid('id').primaryKey().defaultRandom(),
  currency: text('currency').notNull().unique(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  isDeleted: deleted(),
});

/**
 * A version per product-list scope (a brand id, or '*' for lists across brands), bumped by triggers on every
 * change to products or to a brand's name, so every server process can tell whether a cached list is current.
 */
export const listVersions = pgTable('list_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * A player instance (docs/api.md "Instances and subscriptions"): what a brand embeds. Its parts are saved one at a
 * time, each as a document; `sources` follow the songs of its products, `my_sources` the brand's own songs
 * (sync_songs).
 */
export const instances = pgTable(
  'instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    name: text('name').notNull().default(''),
    categoryId: uuid('category_id').references(() => categories.id),
    subCategoryId: uuid('sub_category_id').references(() => subCategories.id),
    isPublished: status(),
    website: text('website'),
    features: jsonb('features').$type<InstanceFeatures>().notNull(),
    products: jsonb('products').$type<InstanceProduct[]>().notNull().default([]),
    otherProducts: jsonb('other_products').$type<InstanceProduct[]>().notNull().default([]),
    sources: jsonb('sources').$type<InstanceSong[]>().notNull().default([]),
    mySources: jsonb('my_sources').$type<InstanceSong[]>().notNull().default([]),
    images: jsonb('images').$type<InstanceImage[]>().notNull(),
    buttons: jsonb('buttons').$type<InstanceButtons>().notNull(),
    isDeleted: deleted(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('instances_brand_list_idx').on(t.brandId, t.isDeleted, t.updatedAt),
    index('instances_list_idx').on(t.isDeleted, t.updatedAt),
    index('instances_name_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with({ fastupdate: 'off' }),
  ],
);

// ── The mobile widget: mobile instances, retailers (docs/architecture.md "Mobile widget") ───────────────

/**
 * A mobile instance: the platform's own phone widget, comparing products of any brand (no brand column). Its
 * products are in `mobile_instance_products`.
 */
export const mobileInstances = pgTable(
  'mobile_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    isPublished: status(),
    /** 1: the widget's blind mode asks for a vote (migration 0021); 0: not (the default). */
    listenerVotes: integer('listener_votes').notNull().default(0),
    sources: jsonb('sources').$type<InstanceSong[]>().notNull().default([]),
    images: jsonb('images').$type<InstanceImage[]>().notNull(),
    isDeleted: deleted(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mobile_instances_list_idx').on(t.isDeleted, t.updatedAt),
    index('mobile_instances_name_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with({ fastupdate: 'off' }),
  ],
);

/**
 * The products of a mobile instance with the operator's choices (contract `mobileProduct`), one row each: an
 * instance lists every published product of every brand, so they are rows to filter, sort and page, not a document.
 */
export const mobileInstanceProducts = pgTable(
  'mobile_instance_products',
  {
    // No foreign keys (migration 0016): instances and products are only soft-deleted, and the keys' per-row
    // checks were most of the cost of listing 100,000 products.
    instanceId: uuid('instance_id').notNull(),
    productId: uuid('product_id').notNull(),
    isActive: integer('is_active').notNull().default(0),
    isFeatured: integer('is_featured').notNull().default(0),
    featuredOrder: integer('featured_order'),
    playerPosition: integer('player_position'),
    placementPriority: integer('placement_priority'),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.productId] }),
    // Only the few active or featured rows (migration 0016): a new instance's 100,000 inactive rows add none.
    index('mobile_instance_products_active_idx').on(t.instanceId).where(sql`${t.isActive} = 1`),
    index('mobile_instance_products_featured_idx').on(t.instanceId).where(sql`${t.isFeatured} = 1`),
    // The featured_order and player_position sorts read their few keyed rows first (migration 0014).
    index('mobile_instance_products_featured_order_idx')
      .on(t.instanceId, t.featuredOrder)
      .where(sql`${t.featuredOrder} is not null`),
    index('mobile_instance_products_player_position_idx')
      .on(t.instanceId, t.playerPosition)
      .where(sql`${t.playerPosition} is not null`),
  ],
);

/** A retailer the mobile widget's DEALS lists (status '1' Active, '0' Inactive); soft-deleted. */
export const retailers = pgTable(
  'retailers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    status: text('status').notNull().default('0'),
    /** {url, key, createdAt} of the logo, as uploaded through the signed upload. */
    image: jsonb('retailer_image').$type<{ url: string; key: string; createdAt: string }>(),
    website: text('website'),
    isDeleted: deleted(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('retailers_list_idx').on(t.isDeleted, t.updatedAt),
    index('retailers_name_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with({ fastupdate: 'off' }),
  ],
);

// ── The player (tooltips; the statistics' raw events) ────────────────────────────────────────────────────

/** A tooltip of one of the player's features (`feature` 0–9, TOOLTIP_FEATURES); soft-deleted. */
export const tooltips = pgTable(
  'tooltips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feature: integer('feature').notNull(),
    content: text('content').notNull(),
    isDeleted: deleted(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tooltips_list_idx').on(t.isDeleted, t.feature, t.createdAt)],
);

/**
 * What visitors' players report (launch, play, listen), kept raw. `brand_id` is the instance's, copied in;
 * `visitor_id` is a random id kept in the visitor's browser. In the database the table is partitioned by month
 * of `created_at` (migration 0011; drizzle does not describe partitions), so old months can be dropped; no
 * statistics query reads it: they read the daily rollups below, which ingestion folds the events into.
 * No foreign keys or indexes: ingestion checked the instance, and an append-only log must stay cheap to write.
 */
export const playerEvents = pgTable('player_events', {
  instanceId: uuid('instance_id').notNull(),
  brandId: uuid('brand_id').notNull(),
  visitorId: uuid('visitor_id').notNull(),
  widgetType: text('widget_type').notNull().default('desktop'),
  type: text('type').notNull(),
  productId: uuid('product_id'),
  songId: uuid('song_id'),
  sourceId: uuid('source_id'),
  /** Listening time of a `listen` event. */
  seconds: doublePrecision('seconds'),
  createdAt: createdAt(),
  /** A buy click's retailer (null: the buy button) and its link's currency (migration 0023). */
  retailerId: uuid('retailer_id'),
  currency: text('currency'),
});

/**
 * A visitor: one browser of the player (its anonymous id). Its sign up is its first launch; a launch after
 * VISITOR_SESSION_GAP_MINUTES without activity is a sign in (`updated_at` the last one). Where (country, state,
 * city) is looked up from the address at ingestion; the address itself is never stored.
 */
const visitorColumns = () => ({
  signInCount: integer('sign_in_count').notNull().default(1),
  /** Its launches counted (migration 0018: a visitor seen before started at its sign-in count). */
  launches: integer('launches').notNull().default(0),
  signUpUrl: text('sign_up_url').notNull().default(''),
  countryName: text('country_name').notNull().default(''),
  stateProv: text('state_prov').notNull().default(''),
  city: text('city').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Last activity of any kind: the 30-minute rule measures from it. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export const visitors = pgTable('visitors', { id: uuid('id').primaryKey(), ...visitorColumns() }, (t) => [
  index('visitors_created_idx').on(t.createdAt.desc(), t.id),
]);

/** The same, per brand: a visitor's first launch of one of the brand's players is its sign up with the brand. */
export const brandVisitors = pgTable(
  'brand_visitors',
  { brandId: uuid('brand_id').notNull(), visitorId: uuid('visitor_id').notNull(), ...visitorColumns() },
  (t) => [
    primaryKey({ columns: [t.brandId, t.visitorId] }),
    index('brand_visitors_created_idx').on(t.brandId, t.createdAt.desc(), t.visitorId),
    // A visitor's erasure finds its rows of every brand (migration 0024).
    index('brand_visitors_visitor_idx').on(t.visitorId),
  ],
);

/** The statistics tables' "none" (a launch's product, the brand-wide instance, the platform scope): the nil uuid. */
export const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Daily rollup of the events (UTC days): launches, plays and listening seconds per day × brand × instance ×
 * product × song × source × widget type. A launch has no product: its product, song and source are NO_ID (the
 * nil uuid), as are those a play or listen event leaves out, so the key has no nulls.
 */
export const statsDaily = pgTable(
  'stats_daily',
  {
    brandId: uuid('brand_id').notNull(),
    day: text('day').notNull(),
    instanceId: uuid('instance_id').notNull(),
    widgetType: text('widget_type').notNull(),
    productId: uuid('product_id').notNull(),
    songId: uuid('song_id').notNull(),
    sourceId: uuid('source_id').notNull(),
    launches: integer('launches').notNull().default(0),
    plays: integer('plays').notNull().default(0),
    listenSeconds: doublePrecision('listen_seconds').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_daily_pk',
      columns: [t.brandId, t.day, t.instanceId, t.widgetType, t.productId, t.songId, t.sourceId],
    }),
    index('stats_daily_instance_idx').on(t.instanceId, t.day),
  ],
);

/**
 * What the product statistics read: plays and listening seconds per day × brand × widget × instance × product,
 * each event counted in four rows, for its instance and for all (instance NO_ID), for its product and for all
 * (product NO_ID). So a series is at most a row per day whatever the filters, and per-product totals read a row
 * per product and day; stats_daily keeps the song and source detail.
 */
export const statsDailyProducts = pgTable(
  'stats_daily_products',
  {
    brandId: uuid('brand_id').notNull(),
    day: text('day').notNull(),
    widgetType: text('widget_type').notNull(),
    instanceId: uuid('instance_id').notNull(),
    productId: uuid('product_id').notNull(),
    plays: integer('plays').notNull().default(0),
    listenSeconds: doublePrecision('listen_seconds').notNull().default(0),
    /** What ingestion dropped (no valid token, over a cap or a budget: modules/statistics/ingest-caps.ts). */
    droppedPlays: integer('dropped_plays').notNull().default(0),
    droppedListenSeconds: doublePrecision('dropped_listen_seconds').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_daily_products_pk',
      columns: [t.brandId, t.widgetType, t.instanceId, t.productId, t.day],
    }),
    // Migration 0011 also makes stats_daily_products_days_idx (brand, widget, instance, day) INCLUDE (product,
    // plays, seconds) WHERE product is not NO_ID: per-product totals read every product's days of a range from it
    // alone, and a series (product NO_ID) keeps the primary key. Drizzle cannot describe INCLUDE.
  ],
);

/**
 * Per-product totals of a closed month (`YYYY-MM`; product never NO_ID), summed from stats_daily_products once the
 * month has ended (modules/statistics/months.ts): a year's per-product totals read ~12 rows a product instead of 365.
 */
export const statsMonthlyProducts = pgTable(
  'stats_monthly_products',
  {
    brandId: uuid('brand_id').notNull(),
    month: text('month').notNull(),
    widgetType: text('widget_type').notNull(),
    instanceId: uuid('instance_id').notNull(),
    productId: uuid('product_id').notNull(),
    plays: integer('plays').notNull().default(0),
    listenSeconds: doublePrecision('listen_seconds').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_monthly_products_pk',
      columns: [t.brandId, t.widgetType, t.instanceId, t.month, t.productId],
    }),
  ],
);

/**
 * Buy clicks per day × brand × widget × instance × product × retailer (NO_ID: the buy button, the brand's own link) ×
 * currency ('' when the click named none), and the clicks ingestion dropped (no valid token, over a cap:
 * modules/statistics/ingest-clicks.ts). Only the real instance is kept: clicks are few, so a read sums a brand's days.
 */
export const statsDailyClicks = pgTable(
  'stats_daily_clicks',
  {
    brandId: uuid('brand_id').notNull(),
    day: text('day').notNull(),
    widgetType: text('widget_type').notNull(),
    instanceId: uuid('instance_id').notNull(),
    productId: uuid('product_id').notNull(),
    retailerId: uuid('retailer_id').notNull(),
    currency: text('currency').notNull(),
    clicks: integer('clicks').notNull().default(0),
    droppedClicks: integer('dropped_clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_daily_clicks_pk',
      columns: [t.brandId, t.widgetType, t.day, t.instanceId, t.productId, t.retailerId, t.currency],
    }),
  ],
);

/** The clicks of a closed month (`YYYY-MM`), summed from stats_daily_clicks with the products' (./months.ts). */
export const statsMonthlyClicks = pgTable(
  'stats_monthly_clicks',
  {
    brandId: uuid('brand_id').notNull(),
    month: text('month').notNull(),
    widgetType: text('widget_type').notNull(),
    instanceId: uuid('instance_id').notNull(),
    productId: uuid('product_id').notNull(),
    retailerId: uuid('retailer_id').notNull(),
    currency: text('currency').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_monthly_clicks_pk',
      columns: [t.brandId, t.widgetType, t.month, t.instanceId, t.productId, t.retailerId, t.currency],
    }),
  ],
);

/** The months already summed into stats_monthly_products (a month is closed once, after it has ended). */
export const statsClosedMonths = pgTable('stats_closed_months', {
  month: text('month').primaryKey(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per visitor × instance × product: the last event's time (`prev_at` the one before it: listening is bounded by the
 * time between them) and the day's plays (capped). modules/statistics/ingest-caps.ts; rows idle two days are deleted.
 */
export const statsListeners = pgTable(
  'stats_listeners',
  {
    visitorId: uuid('visitor_id').notNull(),
    instanceId: uuid('instance_id').notNull(),
    productId: uuid('product_id').notNull(),
    day: text('day').notNull(),
    plays: integer('plays').notNull().default(0),
    prevAt: timestamp('prev_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /** Seconds heard of the product on `day`, as the listening budget kept them: what qualifies a blind vote. */
    heardSeconds: doublePrecision('heard_seconds').notNull().default(0),
  },
  // No index on last_at (the daily upkeep scans): every batch updates it, and the updates stay HOT (migration 0017).
  (t) => [primaryKey({ name: 'stats_listeners_pk', columns: [t.visitorId, t.instanceId, t.productId] })],
);

/**
 * A visitor's buy clicks of the UTC day `day` per instance, for the cap (modules/statistics/ingest-clicks.ts); a row of
 * an earlier day starts again at the next click. Rows idle two days are deleted by the daily upkeep.
 */
export const statsClickCaps = pgTable(
  'stats_click_caps',
  {
    visitorId: uuid('visitor_id').notNull(),
    instanceId: uuid('instance_id').notNull(),
    day: text('day').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_click_caps_pk', columns: [t.visitorId, t.instanceId] })],
);

/**
 * The salt of strict privacy mode's visitor ids, one per UTC day (modules/statistics/salts.ts): a strict batch's
 * visitor is HMAC-SHA256(salt, address, user agent, instance), so it is the same visitor only within the day. Salts
 * of earlier days are deleted, and with them any way to link a day's visitors to another's.
 */
export const statsDailySalts = pgTable('stats_daily_salts', {
  day: text('day').primaryKey(),
  /** 32 random bytes, hex. */
  salt: text('salt').notNull(),
});

/**
 * Exact unique visitors: who launched what on which day (instance NO_ID: any of the brand's instances), so a
 * visitor is counted once per day and scope however many launches and server processes see it.
 */
export const statsDailyVisitors = pgTable(
  'stats_daily_visitors',
  {
    brandId: uuid('brand_id').notNull(),
    day: text('day').notNull(),
    instanceId: uuid('instance_id').notNull(),
    widgetType: text('widget_type').notNull(),
    visitorId: uuid('visitor_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'stats_daily_visitors_pk',
      columns: [t.brandId, t.day, t.instanceId, t.widgetType, t.visitorId],
    }),
    index('stats_daily_visitors_visitor_idx').on(t.visitorId),
  ],
);

/**
 * The counts the statistics screens read, per day: for a brand (`scope_id` its id) per instance (NO_ID: all),
 * `launches`, `unique_visitors` (rows that went into stats_daily_visitors) and `new_visitors` (first launches of
 * the brand); for the platform (`scope_id` NO_ID, instance NO_ID) `new_visitors` of the visitors table. Small:
 * at most a row per day × instance, so a year's series is a few hundred rows.
 */
export const statsDailyCounts = pgTable(
  'stats_daily_counts',
  {
    scopeId: uuid('scope_id').notNull(),
    day: text('day').notNull(),
    instanceId: uuid('instance_id').notNull(),
    widgetType: text('widget_type').notNull(),
    launches: integer('launches').notNull().default(0),
    uniqueVisitors: integer('unique_visitors').notNull().default(0),
    newVisitors: integer('new_visitors').notNull().default(0),
    /** Launches ingestion dropped (over the address's caps: modules/statistics/ingest-caps.ts). */
    droppedLaunches: integer('dropped_launches').notNull().default(0),
    /** Launches in strict privacy mode: counted, but not in new visitors, sign-up pages or sign-ins. */
    strictLaunches: integer('strict_launches').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_daily_counts_pk', columns: [t.scopeId, t.day, t.instanceId, t.widgetType] })],
);

/**
 * Blind preference votes as the player sent them (docs/api.md "Listener verdicts"): one per visitor, instance, song
 * and source a UTC day (the key), only when each product compared was heard VOTE_MIN_HEARD_SECONDS that day. Kept
 * STATS_RAW_DAYS like the raw events; the rollups below are what the reads use.
 */
export const preferenceVotes = pgTable(
  'preference_votes',
  {
    instanceId: uuid('instance_id').notNull(),
    songId: uuid('song_id').notNull(),
    sourceId: uuid('source_id').notNull(),
    visitorId: uuid('visitor_id').notNull(),
    day: text('day').notNull(),
    brandId: uuid('brand_id').notNull(),
    widgetType: text('widget_type').notNull(),
    products: uuid('products').array().notNull(),
    heard: doublePrecision('heard').array().notNull(),
    /** The product preferred; null: No preference. */
    chosenId: uuid('chosen_id'),
    levelMatched: boolean('level_matched').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'preference_votes_pk', columns: [t.instanceId, t.songId, t.sourceId, t.visitorId, t.day] }),
    index('preference_votes_created_idx').on(t.createdAt),
    index('preference_votes_visitor_idx').on(t.visitorId),
  ],
);

/**
 * The key of the votes' rollups: `period` is the day (`day`) or, in the monthly ones, the month (`month`). The
 * level (instance, song, source) comes before the period, so a read's range scans only its level's rows. Migration
 * 0022 gives each of these tables an index of the key before the product or pair INCLUDE (the product or pair and
 * the counts), so a read's days and months are index-only scans; drizzle cannot describe INCLUDE.
 */
const prefKey = (period: 'day' | 'month') => ({
  brandId: uuid('brand_id').notNull(),
  instanceId: uuid('instance_id').notNull(),
  widgetType: text('widget_type').notNull(),
  period: text(period).notNull(),
  songId: uuid('song_id').notNull(),
  sourceId: uuid('source_id').notNull(),
});

const prefProducts = (name: string, period: 'day' | 'month') =>
  pgTable(
    name,
    {
      ...prefKey(period),
      productId: uuid('product_id').notNull(),
      votes: integer('votes').notNull().default(0),
      wins: integer('wins').notNull().default(0),
    },
    (t) => [
      primaryKey({
        name: `${name}_pk`,
        columns: [t.brandId, t.instanceId, t.widgetType, t.songId, t.sourceId, t.period, t.productId],
      }),
    ],
  );

const prefPairs = (name: string, period: 'day' | 'month') =>
  pgTable(
    name,
    {
      ...prefKey(period),
      aId: uuid('a_id').notNull(),
      bId: uuid('b_id').notNull(),
      aWins: integer('a_wins').notNull().default(0),
      bWins: integer('b_wins').notNull().default(0),
      ties: integer('ties').notNull().default(0),
    },
    (t) => [
      primaryKey({
        name: `${name}_pk`,
        columns: [t.brandId, t.instanceId, t.widgetType, t.songId, t.sourceId, t.period, t.aId, t.bId],
      }),
    ],
  );

/**
 * Per product and day: votes that compared it and votes that preferred it. Product NO_ID is the votes themselves
 * (votes: all, wins: those that preferred a product). Like the pairs below, every vote is counted at each level a
 * read may name: its instance and all instances (instance NO_ID) × its song and source, its song (source NO_ID),
 * and any song (both NO_ID).
 */
export const statsPrefProducts = prefProducts('stats_pref_products', 'day');
/** The same per month (`YYYY-MM`), written with the days: a whole month of a range is read from one row. */
export const statsMonthlyPrefProducts = prefProducts('stats_monthly_pref_products', 'month');

/** Per pair of products compared together (a_id < b_id) and day: which of the two was preferred, or neither. */
export const statsPrefPairs = prefPairs('stats_pref_pairs', 'day');
export const statsMonthlyPrefPairs = prefPairs('stats_monthly_pref_pairs', 'month');

/**
 * ABX tests as their answers came (docs/api.md "Listener verdicts"): one row per test (`test_id`: the test's nonce,
 * so its answers count once), `answers` what the visitor took X for ('ABBA…'), `correct` as the server's own
 * sequence scores them. Kept STATS_RAW_DAYS like the raw events.
 */
export const abxTests = pgTable(
  'abx_tests',
  {
    testId: text('test_id').primaryKey(),
    instanceId: uuid('instance_id').notNull(),
    songId: uuid('song_id').notNull(),
    sourceId: uuid('source_id').notNull(),
    visitorId: uuid('visitor_id').notNull(),
    day: text('day').notNull(),
    brandId: uuid('brand_id').notNull(),
    widgetType: text('widget_type').notNull(),
    aId: uuid('a_id').notNull(),
    bId: uuid('b_id').notNull(),
    answers: text('answers').notNull(),
    correct: integer('correct').notNull(),
    trialSeconds: doublePrecision('trial_seconds').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('abx_tests_created_idx').on(t.createdAt), index('abx_tests_visitor_idx').on(t.visitorId)],
);

const abxPairs = (name: string, period: 'day' | 'month') =>
  pgTable(
    name,
    {
      ...prefKey(period),
      aId: uuid('a_id').notNull(),
      bId: uuid('b_id').notNull(),
      tests: integer('tests').notNull().default(0),
      trials: integer('trials').notNull().default(0),
      correct: integer('correct').notNull().default(0),
      /** Tests whose listener alone reached p < 0.05. */
      significant: integer('significant').notNull().default(0),
    },
    (t) => [
      primaryKey({
        name: `${name}_pk`,
        columns: [t.brandId, t.instanceId, t.widgetType, t.songId, t.sourceId, t.period, t.aId, t.bId],
      }),
    ],
  );

/** Per pair of products ABX-tested (a_id < b_id), at the votes' levels, per day and per month. */
export const statsAbxPairs = abxPairs('stats_abx_pairs', 'day');
export const statsMonthlyAbxPairs = abxPairs('stats_monthly_abx_pairs', 'month');
