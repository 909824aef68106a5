import {
  DEFAULT_SUBSCRIPTION,
  featuresBeyond,
  type InstanceFeatures,
  PAYMENT_REQUIRED,
  PERMISSION,
  type Subscription,
  SWITCHED_FEATURES,
} from '@atk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema.ts';
import { deletedIs } from '../../db/soft-delete.ts';
import { AppError } from '../../platform/errors.ts';

/** A refusal for want of a subscription: HTTP 402, envelope code 402, one of the PERMISSION texts. */
export const paymentRequired = (msg: string) => new AppError(PAYMENT_REQUIRED, msg);

/** The most permissive of several subscriptions: a feature any of them includes, the largest maximums. */
export function mergeSubscriptions(subs: readonly Subscription[]): Subscription {
  if (subs.length === 0) return DEFAULT_SUBSCRIPTION;
  const out = structuredClone(subs[0]);
  for (const sub of subs.slice(1)) {
    for (const key of SWITCHED_FEATURES) out[key].is_enable = Math.max(out[key].is_enable, sub[key].is_enable) as 0 | 1;
    out.products_in_player.max_num = Math.max(out.products_in_player.max_num, sub.products_in_player.max_num);
    out.atk_songs.max_num = Math.max(out.atk_songs.max_num, sub.atk_songs.max_num);
  }
  return out;
}

/**
 * The subscription that governs a brand's instances: that of the customers whose master brand it is (a customer
 * without a stored one is on DEFAULT_SUBSCRIPTION; several customers of one brand: the most permissive of
 * theirs); a brand with no customer is on DEFAULT_SUBSCRIPTION. Admins editing an instance are held to it too.
 */
export async function brandSubscription(db: Db, brandId: string): Promise<Subscription> {
  const rows = await db
    .select({ subscription: users.subscription })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.masterBrandId, brandId), deletedIs(users), eq(roles.name, 'customer')));
  return mergeSubscriptions(rows.map((r) => r.subscription ?? DEFAULT_SUBSCRIPTION));
}

/**
 * Features a subscription does not include, in the order they are checked (docs/api.md "402 refusals"): the first
 * one refuses the save.
 * Listening guide, images and display price are never refused (the spec has no refusal for them).
 */
export function assertFeaturesAllowed(features: InstanceFeatures, sub: Subscription) {
  const [refused] = featuresBeyond(features, sub);
  if (refused) throw paymentRequired(PERMISSION[refused]);
}

/** How many products an instance may have active: its own setting within the subscription's. */
export const productsLimit = (features: InstanceFeatures, sub: Subscription) =>
  Math.min(features.products_in_player.max_num, sub.products_in_player.max_num);

/** How many platform (ATK) songs an instance may have active. */
export const atkSongsLimit = (features: InstanceFeatures, sub: Subscription) =>
  Math.min(features.atk_songs.max_num, sub.atk_songs.max_num);
