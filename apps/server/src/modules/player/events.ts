import { createHash } from 'node:crypto';
import { type AbxStart, MSG, type PlayerEvents, type PlayerEventsAnswer, pageUrl } from '@atk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audios } from '../../db/schema.ts';
import { notFound, tooManyRequests } from '../../platform/errors.ts';
import { NOWHERE, placeOf } from '../../platform/geo.ts';
import { LIMITS, sweepExpired, takeHit } from '../../platform/rate-limit.ts';
import {
  type AbxTest,
  abxSequence,
  type CheckedAbx,
  foldAbx,
  issueAbxTest,
  readAbxTest,
  scoreAbx,
} from '../statistics/abx.ts';
import { type CheckedEvent, foldBatch } from '../statistics/ingest.ts';
import { strictVisitorId } from '../statistics/salts.ts';
import { issueToken, tokenIssued } from '../statistics/tokens.ts';
import { type CheckedVote, foldVotes } from '../statistics/votes.ts';
import { type EventScope, eventScopeOf } from './event-scope.ts';

/**
 * Stores a batch of the player's events (POST /widget/events) and folds it into the statistics, in one
 * statement (modules/statistics/ingest.ts). An event is dropped, silently (a visitor's page cannot do anything
 * about it), when its instance is unknown, unpublished or deleted, or when it names a product, song or source
 * that the instance does not list (a buy click also when its retailer is not an active one: checked in the fold).
 * `address` (the client's, behind TRUST_PROXY) only places a visitor who launches: it is looked up and forgotten.
 * Answers how many were stored. A batch with widget_type 'mobile' names mobile instances (./event-scope.ts). Counts
 * the batch against its address's limit (in the fold's statement when it stores events) and refuses it with 429,
 * storing nothing, once the window is full.
 *
 * Events other than a launch count only with the batch's valid token for their instance and visitor
 * (../statistics/tokens.ts); what the caps and budgets let through is decided in the fold (docs/api.md "How hard the
 * statistics are to inflate"), and what they drop is counted there. Answers a token: the launched instance's new one,
 * else the batch's own renewed, else null. It is issued as of the batch's arrival: the next batch's listening is
 * bounded by the time since, and the visitor went on listening while this one was folded (issued after the fold, a
 * loaded server's fold time came off the next batch's bound: a vote sent soon after the 5 s could miss them).
 *
 * A strict batch (privacy 'strict') sends no visitor id: its visitor is the day's salted hash of the address, the
 * user agent and its first instance (../statistics/salts.ts), and the fold keeps no visitor across days for it.
 */
export async function recordPlayerEvents(
  db: Db,
  sent: Omit<PlayerEvents, 'privacy'> & Partial<Pick<PlayerEvents, 'privacy'>>,
  address: string | undefined,
  secret: Buffer,
  userAgent = '',
): Promise<PlayerEventsAnswer> {
  const arrived = Date.now();
  const strict = sent.privacy === 'strict';
  const batch = {
    ...sent,
    visitor_id: strict
      ? await strictVisitorId(db, address ?? '', userAgent, sent.events[0].instance_id)
      : (sent.visitor_id as string),
  };
  const ids = [...new Set(batch.events.map((e) => e.instance_id.toLowerCase()))];
  const scopeOf = (id: string) => eventScopeOf(db, batch.widget_type, id);
  const known = new Map(
    (await Promise.all(ids.map(async (id) => [id, await scopeOf(id)] as const))).filter(
      (entry): entry is readonly [string, EventScope] => entry[1] !== null,
    ),
  );
  const tokenOf = (instance: string) => ({ widget: batch.widget_type, instance, visitor: batch.visitor_id });
  const issued = new Map([...known.keys()].map((id) => [id, tokenIssued(secret, tokenOf(id), batch.token)]));
  const values = batch.events.flatMap((e): CheckedEvent[] => {
    if (e.type === 'vote' || e.type === 'abx') return [];
    const inst = known.get(e.instance_id.toLowerCase());
    if (!inst) return [];
    const productBrand = e.product_id ? inst.products.get(e.product_id) : inst.launchBrand;
    if (!productBrand) return [];
    if (e.song_id && !inst.songs.has(e.song_id)) return [];
    if (e.source_id && !inst.sources.has(e.source_id)) return [];
    return [
      {
        instance_id: e.instance_id,
        brand_id: productBrand,
        type: e.type,
        product_id: e.product_id ?? null,
        song_id: e.song_id ?? null,
        source_id: e.source_id ?? null,
        seconds: e.type === 'buy_click' ? null : (e.seconds ?? null),
        // what a click followed; another event's are no part of it
        retailer_id: e.type === 'buy_click' ? (e.retailer_id ?? null) : null,
        currency: e.type === 'buy_click' ? (e.currency ?? null) : null,
        issued: issued.get(e.instance_id.toLowerCase()) ?? null,
      },
    ];
  });
  const votes = batch.events.flatMap((e): CheckedVote[] => {
    const instanceId = e.instance_id.toLowerCase();
    const inst = known.get(instanceId);
    // a vote counts only with the launch's token, for an instance that asks for votes, naming what it offers
    if (e.type !== 'vote' || !inst?.listenerVotes || issued.get(instanceId) == null) return [];
    if (!e.song_id || !e.source_id || !e.products || !inst.songs.has(e.song_id) || !inst.sources.has(e.source_id))
      return [];
    const compared = e.products.map((p) => p.toLowerCase());
    if (!compared.every((p) => inst.products.has(p))) return [];
    return [
      {
        instance_id: instanceId,
        brand_id: inst.launchBrand,
        song_id: e.song_id,
        source_id: e.source_id,
        products: compared,
        heard: e.heard ?? compared.map(() => 0),
        chosen_id: e.product_id?.toLowerCase() ?? null,
        level_matched: e.level_matched ?? false,
      },
    ];
  });
  // An ABX test's answers count when the test is this visitor's, of this instance, still offered, and complete.
  const abx = batch.events.flatMap((e): CheckedAbx[] => {
    const inst = known.get(e.instance_id.toLowerCase());
    const test = e.type === 'abx' && inst?.abxTrials ? readAbxTest(secret, e.test) : null;
    if (!inst || !test || !e.answers || e.answers.length !== test.trials) return [];
    const ours = tokenOf(test.instance);
    if (test.instance !== e.instance_id.toLowerCase() || test.visitor !== ours.visitor.toLowerCase()) return [];
    if (test.widget !== batch.widget_type || !offers(inst, test)) return [];
    return [scoreAbx(secret, e.test as string, test, inst.launchBrand, e.answers, e.trial_seconds)];
  });
  const held = [...issued].find(([, at]) => at !== null)?.[0];
  if (!values.length) await countEventsHit(db, address);
  let folded = { accepted: 0, launched: [] as string[] };
  if (values.length) {
    const launches = values.some((e) => e.type === 'launch');
    await sweepExpired(db);
    const addressKey = addressDigest(address ?? '');
    const batchFolded = await foldBatch(db, {
      visitorId: batch.visitor_id,
      strict,
      widgetType: batch.widget_type,
      pageUrl: launches ? pageUrl(batch.page_url) : '',
      place: launches ? await placeOf(address) : NOWHERE,
      events: values,
      hit: { key: `player_events:addr:${addressKey}`, limit: LIMITS.playerEventsPerAddress },
      addressKey,
    });
    if (!batchFolded.allowed) throw tooManyRequests(MSG.playerEventsTooMany);
    folded = batchFolded;
  }
  // after the batch's listening is folded: a vote sent with its last listening counts it
  const voted = votes.length ? await foldVotes(db, batch.visitor_id, batch.widget_type, votes) : 0;
  const stored = abx.length ? await foldAbx(db, batch.visitor_id, batch.widget_type, abx) : [];
  const tokenFor = folded.launched[0] ?? held;
  // the player shows its listener the score: only now, after the answers, and for the test's first answers only
  const scored = abx.filter((t) => stored.includes(t.test_id));
  return {
    accepted: folded.accepted + voted + stored.length,
    token: tokenFor ? issueToken(secret, tokenOf(tokenFor), arrived) : null,
    ...(scored.length
      ? {
          abx: scored.map((t) => ({
            test: t.token,
            trials: t.trials,
            correct: t.correct,
            p_value: t.p_value,
          })),
        }
      : {}),
  };
}

/** The instance still offers the test's song, source and both products. */
const offers = (inst: EventScope, t: Pick<AbxTest, 'song' | 'source' | 'a' | 'b'>) =>
  inst.songs.has(t.song) && inst.sources.has(t.source) && inst.products.has(t.a) && inst.products.has(t.b);

/**
 * Starts an ABX test (POST /widget/abx, docs/api.md "Listener verdicts"): for a visitor holding the launch's valid
 * token of a published instance whose ABX test is on, naming its song, source and two of its products. Anything
 * else is the same 404, so the answer tells nothing about an instance a visitor could not test. Counts against the
 * address's events limit.
 */
export async function startAbx(
  db: Db,
  body: AbxStart,
  address: string | undefined,
  secret: Buffer,
): Promise<{ test: string; trials: number }> {
  await countEventsHit(db, address);
  const instance = body.instance_id.toLowerCase();
  const inst = await eventScopeOf(db, body.widget_type, instance);
  const who = { widget: body.widget_type, instance, visitor: body.visitor_id };
  const t = {
    song: body.song_id.toLowerCase(),
    source: body.source_id.toLowerCase(),
    a: body.a_id.toLowerCase(),
    b: body.b_id.toLowerCase(),
  };
  if (!inst?.abxTrials || tokenIssued(secret, who, body.token) === null || !offers(inst, t))
    throw notFound(MSG.abxNotAvailable);
  const trials = inst.abxTrials;
  return { test: issueAbxTest(secret, { ...who, ...t, trials }), trials };
}

/**
 * The processed recording a trial of an ABX test plays as X (GET /widget/abx/audio): the test must be valid and
 * its instance still offer it; X is the server's secret pick. Answers the storage key, or null (a 404).
 */
export async function abxTrialAudio(db: Db, token: string, trial: number, secret: Buffer): Promise<string | null> {
  const test = readAbxTest(secret, token);
  if (!test || trial < 1 || trial > test.trials) return null;
  const inst = await eventScopeOf(db, test.widget, test.instance);
  if (!inst?.abxTrials || !offers(inst, test)) return null;
  const x = abxSequence(secret, test)[trial - 1] === 'A' ? test.a : test.b;
  const [row] = await db
    .select({ key: audios.processedKey })
    .from(audios)
    .where(and(eq(audios.productId, x), eq(audios.instrumentId, test.source), eq(audios.status, 'ready')));
  return row?.key ?? null;
}

/**
 * Counts a batch against its address's limit (LIMITS.playerEventsPerAddress) on its own, refusing it when the window
 * is full: for a batch that stores nothing (invalid, or no event its instance allows). A batch that stores events
 * counts its hit in its fold's statement (recordPlayerEvents).
 */
export const countEventsHit = (db: Db, address: string | undefined) =>
  takeHit(db, eventsLimitKey(address ?? ''), LIMITS.playerEventsPerAddress, MSG.playerEventsTooMany);

/**
 * The rate-limit key of an address's event batches: a digest of the address, not the address, so no table holds
 * a visitor's address (the row itself lives a minute).
 */
export const eventsLimitKey = (address: string) => `player_events:addr:${addressDigest(address)}`;

const addressDigest = (address: string) => createHash('sha256').update(address).digest('base64url');
