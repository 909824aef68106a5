import { z } from 'zod';
import { ATK_SONGS_CHOICES, NO_LIMIT, PRODUCTS_IN_PLAYER_CHOICES } from '../constants.ts';
import { says, status01 } from './common.ts';
import type { InstanceFeatures } from './instances.ts';

const enable = z.object({ is_enable: status01.describe('1: the feature is included; 0: it is not.') });
const maxOf = (choices: readonly number[]) =>
  z.object({
    max_num: z
      .number(says('must be a number'))
      .int({ error: 'must be a whole number' })
      .refine((n) => choices.includes(n), { error: `must be one of ${choices.join(', ')}` })
      .describe(`The maximum: one of ${choices.join(', ')} (${NO_LIMIT}: no limit).`),
  });

/**
 * A customer's subscription (docs/api.md "Whose subscription"): which instance features it includes and two maximums.
 * The server refuses what it does not include with code 402 and one of PERMISSION messages.
 */
export const subscription = z.object({
  listening_guide: enable.describe("The instance's Listening Guide feature."),
  discography: enable.describe('The Discography feature.'),
  frequency_graphs: enable.describe('The Frequency Graphs feature.'),
  tech_specs: enable.describe('The Tech Specs feature.'),
  images: enable.describe('The Images feature.'),
  other_brands_products: enable.describe("Other brands' products in an instance."),
  my_audio: enable.describe("The brand's own audio (My Audio) in an instance."),
  /** Absent in subscriptions saved before it existed: not included. */
  listener_votes: enable.default({ is_enable: 0 }).describe('Listener votes in an instance.'),
  abx_test: enable.default({ is_enable: 0 }).describe('The ABX test in an instance.'),
  products_in_player: maxOf(PRODUCTS_IN_PLAYER_CHOICES).describe('How many products an instance may have active.'),
  atk_songs: maxOf(ATK_SONGS_CHOICES).describe('How many platform (ATK) songs an instance may have active.'),
});
export type Subscription = z.infer<typeof subscription>;

/**
 * The plan a new customer starts on (docs/api.md): the basic features (listening guide, images), five
 * products and three ATK songs. Operators grant more per customer.
 */
export const DEFAULT_SUBSCRIPTION: Subscription = {
  listening_guide: { is_enable: 1 },
  discography: { is_enable: 0 },
  frequency_graphs: { is_enable: 0 },
  tech_specs: { is_enable: 0 },
  images: { is_enable: 1 },
  other_brands_products: { is_enable: 0 },
  my_audio: { is_enable: 0 },
  listener_votes: { is_enable: 0 },
  abx_test: { is_enable: 0 },
  products_in_player: { max_num: 5 },
  atk_songs: { max_num: 3 },
};

/** The server's refusals, verbatim (docs/api.md "402 refusals"). */
export const PERMISSION = {
  discography: 'permission error - features - discography',
  frequency_graphs: 'permission error - features - frequency_graphs',
  tech_specs: 'permission error - features - tech_specs',
  products_in_player: 'permission error - features - products_in_player',
  other_brands_products: 'permission error - features - other_brands_products',
  atk_songs: 'permission error - features - atk_songs',
  my_audio: 'permission error - features - my_audio',
  listener_votes: 'permission error - features - listener_votes',
  abx_test: 'permission error - features - abx_test',
  products: 'permission error - products',
  sources: 'permission error - sources',
  mySources: 'permission error - my_sources',
  myAudio: 'permission error - my_audio',
} as const;

/**
 * The instance features a subscription can refuse, in the order they are checked (docs/api.md "402 refusals").
 * Listening guide, images and display price are never refused.
 */
export const GATED_FEATURES = [
  'discography',
  'frequency_graphs',
  'tech_specs',
  'products_in_player',
  'other_brands_products',
  'atk_songs',
  'my_audio',
  'listener_votes',
  'abx_test',
] as const;
export type GatedFeature = (typeof GATED_FEATURES)[number];
type MaxFeature = 'products_in_player' | 'atk_songs';
const isMax = (feature: GatedFeature): feature is MaxFeature =>
  feature === 'products_in_player' || feature === 'atk_songs';

/**
 * True when some setting of the feature is beyond the subscription: a switch it does not include, or a maximum
 * below No limit. The console marks these before anything is touched.
 */
export const planLimits = (sub: Subscription, feature: GatedFeature): boolean =>
  isMax(feature) ? sub[feature].max_num < NO_LIMIT : sub[feature].is_enable !== 1;

/**
 * The features an instance sets beyond its subscription, in the order they are checked (docs/api.md "402 refusals"):
 * the one rule of the server's 402 (it names the first) and of the console's refusal before the save (it names them
 * all).
 */
export const featuresBeyond = (features: InstanceFeatures, sub: Subscription): GatedFeature[] =>
  GATED_FEATURES.filter((feature) =>
    isMax(feature)
      ? features[feature].max_num > sub[feature].max_num
      : features[feature].is_enable === 1 && sub[feature].is_enable !== 1,
  );

/** The HTTP status and envelope code of a refusal for want of a subscription. */
export const PAYMENT_REQUIRED = 402;
