/** Plain values shared by server, console and player: no zod here (the player imports this entry as `@atk/contract/constants`). */
/** The API's root: most paths are under API_BASE, a few (the signed upload, retailers, mobile instances) directly here. */
export const API_V1 = '/api/v1';
export const API_BASE = '/api/v1/atk_player';
export const API_ATK_BASE = '/api/v1/atk';
export const TOKEN_KEY = 'user_token';
export const REQUEST_TIMEOUT_MS = 30_000;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const NOTICE_LONG_S = 16;
export const NOTICE_SHORT_S = 10;
export const PAGE_SIZE = 20;
export const PICKER_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 1000;
export const TIME_FORMAT = 'D MMM YYYY HH:mm';
export const SESSION_TTL_DAYS = 30;
export const INVITATION_TTL_DAYS = 7;
export const RESET_TTL_HOURS = 1;
export const BRANDS_TRUSTED = 65;
export const SALES_EMAIL = 'sales@atkplayer.com';
export const SUPPORT_EMAIL = 'support@atkplayer.com';
export const PRIVACY_EMAIL = 'privacy@atkplayer.com';
export const BLOG_URL = 'https://blog.atkplayer.com';

// ── The player (schemas in schemas/player.ts) ─────────────────────────────────────────────────────
/** Tooltip feature codes (docs/api.md "The player's public API"). */
export const TOOLTIP_FEATURES = [
  'Gear',
  'Blind',
  'Share',
  'ListeningGuide',
  'Discography',
  'FrequencyOrTech',
  'Image',
  'BuyButton',
  'AtkpAudio',
  'AtkpWaveform',
] as const;
/** The frequency graph's seven bands (docs/api.md "Client guide and the player's public read"). */
export const FREQUENCY_BANDS = ['sub', 'low', 'lo_mid', 'mid', 'hi_mid', 'hi', 'air'] as const;
export const FREQUENCY_BAND_LABELS = ['SUB', 'LOW', 'LO MID', 'MID', 'HI MID', 'HI', 'AIR'] as const;
/** What an operator may give a band: Hz within the audible range and a bit beyond. */
export const FREQUENCY_HZ_MIN = 1;
export const FREQUENCY_HZ_MAX = 24_000;
export const FREQUENCY_DESC_MAX = 300;
/** The player's info pages, in their tab order, and their titles. */
export const INFO_PAGES = ['home', 'listening_tips', 'about_us', 'faq'] as const;
export type InfoPage = (typeof INFO_PAGES)[number];
export const INFO_PAGE_LABELS: Record<InfoPage, string> = {
  home: 'Home',
  listening_tips: 'Listening Tips',
  about_us: 'About Us',
  faq: 'FAQ',
};
/**
 * The players' public paths under API_BASE (contract `playerEndpoints`, docs/api.md "The player's public API"): the
 * player bundle, which carries no zod, builds its URLs from these. An instance's read is `{path}/{id}`.
 */
export const WIDGET_INSTANCES_PATH = '/widget/instances';
export const WIDGET_MOBILE_INSTANCES_PATH = '/widget/mobile_instances';
export const WIDGET_EVENTS_PATH = '/widget/events';
export const WIDGET_ABX_PATH = '/widget/abx';
export const WIDGET_ABX_AUDIO_PATH = '/widget/abx/audio';
/** A visitor's "Forget me": the server erases what it keeps of the visitor id sent (docs/api.md). */
export const WIDGET_FORGET_PATH = '/widget/forget';
export const PLAYER_EVENT_TYPES = ['launch', 'play', 'listen', 'vote', 'abx', 'buy_click'] as const;
/**
 * The DOM events `<atk-player>` and `<atk-mobile-player>` dispatch on the host page (docs/api.md "The player on the
 * host page"; their details are typed in apps/player/types/atk-player.d.ts, which the player is checked against).
 */
export const PLAYER_HOST_EVENTS = [
  'atk-ready',
  'atk-open',
  'atk-close',
  'atk-play',
  'atk-pause',
  'atk-ended',
  'atk-switch',
  'atk-seek',
  'atk-song-change',
  'atk-source-change',
  'atk-level-match',
  'atk-reveal',
  'atk-vote',
  'atk-abx-result',
  'atk-buy-click',
  'atk-error',
] as const;
/**
 * The standard-mode visitor id is replaced once this old (the CNIL's limit for audience-measurement identifiers),
 * so no device keeps one id for longer (docs/api.md "What the statistics store, and for how long").
 */
export const VISITOR_ID_MAX_MONTHS = 13;
/**
 * The UTM tags an instance's Features tab (UTM tags on buy links) adds to its buy and retailer links, so the
 * retailer's analytics credit the player; the campaign is the instance name's slug (`utmCampaign`).
 */
export const UTM_SOURCE = 'atk-player';
export const UTM_MEDIUM = 'referral';
/** 'Studio Vocals — EU' → 'studio-vocals-eu': lower case ASCII letters and digits joined by single hyphens. */
export const utmCampaign = (instanceName: string): string =>
  instanceName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100) || 'player';
/**
 * A buy or retailer link with the UTM tags added (its own query and fragment kept; tags it already has are left as
 * they are); a link that is not http(s) is returned as it is.
 */
export function withUtm(link: string, instanceName: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return link;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return link;
  const tags: [string, string][] = [
    ['utm_source', UTM_SOURCE],
    ['utm_medium', UTM_MEDIUM],
    ['utm_campaign', utmCampaign(instanceName)],
  ];
  for (const [key, value] of tags) if (!url.searchParams.has(key)) url.searchParams.append(key, value);
  return url.href;
}
/**
 * A blind vote counts only when each product it compares was heard this long, that UTC day, by the same visitor in
 * the same instance (docs/api.md "Listener verdicts").
 */
export const VOTE_MIN_HEARD_SECONDS = 5;
/** Below this many votes, a share or a pair is shown with "Not enough votes yet" instead of a sentence. */
export const PREFERENCE_MIN_VOTES = 20;
/** An ABX test's trials: the instance's choice (ABX test feature), 4 to 16, 8 unless set. */
export const ABX_TRIALS_MIN = 4;
export const ABX_TRIALS_MAX = 16;
export const ABX_TRIALS_DEFAULT = 8;
/** An ABX test's answers are taken this long after it started. */
export const ABX_TEST_SECONDS = 12 * 3600;

/**
 * A one-sided binomial p-value as a listener reads it: "3.5 %" (one decimal below 10 %, whole above), "< 0.1 %"
 * below that; the player's ABX score and the Listener verdicts screen write it alike.
 */
export function abxChance(p: number): string {
  const pct = p * 100;
  if (pct < 0.1) return '< 0.1 %';
  return pct < 10 ? `${pct.toFixed(1)} %` : `${Math.round(pct)} %`;
}
/** Bradley–Terry strengths are given only when every pair of products was compared this often. */
export const STRENGTH_MIN_PAIR_VOTES = 10;
export const PLAYER_EVENTS_MAX = 50;
/** The most products one blind vote compares. */
export const PLAYER_VOTE_PRODUCTS_MAX = 12;
/** The widgets that send player events: `<atk-player>` (desktop) and the mobile widget. */
export const WIDGET_TYPES = ['desktop', 'mobile'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];
/**
 * The host page as the statistics keep it (a visitor's sign-up URL): an http(s) URL's origin and path, never its
 * query or fragment (they may hold ids or emails); '' for anything else. The player sends it, the server keeps it so.
 */
export const pageUrl = (href: string | undefined): string => {
  try {
    const u = new URL(href ?? '');
    return u.protocol === 'http:' || u.protocol === 'https:' ? `${u.origin}${u.pathname}`.slice(0, 2000) : '';
  } catch {
    return '';
  }
};
/** Statistics: the API base of the spec's statistics paths, and the longest range a query may ask. */
export const STATISTICS_BASE = '/api/v1/atk';
export const STATISTICS_MAX_DAYS = 366;
/** The operators' `brand_id` for every brand together (docs/api.md "Statistics": All brands). */
export const ALL_BRANDS = 'all';
/** A visitor's launch after this long without activity is a new sign in (docs/api.md "Statistics"). */
export const VISITOR_SESSION_GAP_MINUTES = 30;

// ── The mobile widget (schemas in schemas/mobile*.ts and retailers.ts) ────────────────────────────
/** The entries the mobile widget's menu may show (Widget Content, Menu tab), in their default order. */
export const MOBILE_MENU = [
  'FREQUENCY GRAPHS',
  'LISTENING GUIDE',
  'DISCOGRAPHY',
  'TECH SPECS',
  'IMAGES',
  'DEALS',
  'SHARE',
] as const;
export type MobileMenuEntry = (typeof MOBILE_MENU)[number];
/** Featured products, player positions and placement priorities (docs/api.md "Mobile instances"). */
export const MOBILE_SLOTS = 3;
/** The mobile widget's element (schemas/mobile.ts has its launch code); here so the widget bundles no schema. */
export const MOBILE_PLAYER_TAG = 'atk-mobile-player';
/** The mobile Products tab's page sizes (docs/api.md "Mobile instances"). */
export const MOBILE_PRODUCT_PAGE_SIZES = [20, 50, 100] as const;
/** Retailer status: '1' Active, '0' Inactive. */
export const RETAILER_STATUSES = ['1', '0'] as const;
export type RetailerStatus = (typeof RETAILER_STATUSES)[number];

// ── Instances ─────────────────────────────────────────────────────────────────────────────────────
/** The five ordered features, in their default order. */
export const ORDERED_FEATURES = ['listening_guide', 'discography', 'frequency_graphs', 'tech_specs', 'images'] as const;
export type OrderedFeature = (typeof ORDERED_FEATURES)[number];
/** Featured slots 1–3 ('Feature in Player Slots 1-3'); null is blank. */
export const PRODUCT_SLOTS = 3;

// ── Subscriptions: which instance features a customer's subscription includes, and two maximums ──────
export const SWITCHED_FEATURES = [
  'listening_guide',
  'discography',
  'frequency_graphs',
  'tech_specs',
  'images',
  'other_brands_products',
  'my_audio',
  'listener_votes',
  'abx_test',
] as const;
export type SwitchedFeature = (typeof SWITCHED_FEATURES)[number];
/** Products in Player: 5 or no limit; ATK Songs: 3 or no limit. */
export const NO_LIMIT = 99999;
export const PRODUCTS_IN_PLAYER_CHOICES = [5, NO_LIMIT] as const;
export const ATK_SONGS_CHOICES = [3, NO_LIMIT] as const;
/** A new instance's Products in Player (and the player's fallback when a read does not say). */
export const DEFAULT_PRODUCTS_IN_PLAYER = PRODUCTS_IN_PLAYER_CHOICES[0];

// ── Songs ─────────────────────────────────────────────────────────────────────────────────────────
export const SONG_TYPES = { single: 1, crossComparable: 2 } as const;

// ── Products ──────────────────────────────────────────────────────────────────────────────────────
export const GROUP_360_SLOTS = 8;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const LISTENING_GUIDE_MAX = 50_000;
/** The options of the tech specs' choice fields, stored as the spec writes them (docs/api.md "Labels in one case"). */
export const TECH = {
  interface: ['XLR analog', 'USB digital', 'AES digital'],
  category: ['analog', 'digital modelling', 'digital'],
  type: ['condenser', 'dynamic', 'ribbon'],
  diaphragm_class: ['large', 'medium', 'small'],
  ribbon_class: ['large', 'small'],
  amplifier: ['Tube', 'Solid State', 'FET'],
  power: ['+48v', 'external power supply included', 'passive'],
  selection: ['Cardioid', 'Omni', 'Figure-8', 'Hypercardioid', 'Multi-Pattern'],
  multi_pattern: ['continuously variable', 'stepped', 'specific patterns', 'software controlled'],
  pattern_selector: ['on mic', 'on power supply', 'software controlled'],
} as const;
/**
 * How a tech-spec option is shown in the console and the player: first letter upper-case, so 'ribbon' sits with
 * 'Tube' and 'Cardioid' (the stored value stays as the spec writes it).
 */
export const techOptionLabel = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);

// ── Tooltips ──────────────────────────────────────────────────────────────────────────────────────
export const TOOLTIP_CONTENT_MAX = 1000;

// ── Uploads ───────────────────────────────────────────────────────────────────────────────────────
/** Audio the pipeline accepts (spec: WAV, AIFF, FLAC, MP3, M4A/AAC, Ogg). */
export const AUDIO_EXTENSIONS = ['wav', 'aiff', 'aif', 'flac', 'mp3', 'm4a', 'aac', 'ogg', 'oga'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif'] as const;
/** The largest audio file an upload takes, in MB (the texts that state it are built from this). */
export const AUDIO_MAX_MB = 500;
export const AUDIO_MAX_BYTES = AUDIO_MAX_MB * 1024 * 1024;
export const IMAGE_TYPES = ['thumbnail', 'large', 'additional', 'group_360'] as const;
/** The longest `listen` event, in seconds. */
export const PLAYER_LISTEN_MAX_SECONDS = 3600;
/** The instance search of the landing page select. */
export const INSTANCE_SEARCH_SIZE = 20;
