import { z } from 'zod';
import {
  API_BASE,
  WIDGET_ABX_PATH,
  WIDGET_EVENTS_PATH,
  WIDGET_FORGET_PATH,
  WIDGET_INSTANCES_PATH,
  WIDGET_MOBILE_INSTANCES_PATH,
} from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { MSG } from '../messages.ts';
import { mobilePlayerInstance } from '../schemas/mobile.ts';
import {
  abxStart,
  abxStarted,
  forgetVisitor,
  playerEvents,
  playerEventsAnswer,
  playerInstance,
  playerInstanceParams,
} from '../schemas/player.ts';

const tag = 'player';
const CACHE = `Readable from any origin (errors too), cacheable: a strong ETag (304 on If-None-Match), Cache-Control public, max-age=60 (no-cache while preparing). An unpublished, deleted, unknown or malformed id is a 404 '${MSG.instanceNotFound}'.`;

/**
 * The players' public paths (docs/api.md "The player's public API"), built from the `WIDGET_*_PATH` constants the
 * player bundle uses too (it carries no zod, so it reads them from `@atk/contract/constants`).
 */
export const playerEndpoints = {
  instance: endpoint({
    method: 'GET',
    path: `${API_BASE}${WIDGET_INSTANCES_PATH}/:id`,
    auth: 'public',
    params: playerInstanceParams,
    data: playerInstance,
    tag,
    summary: "The player's read of an instance",
    description: `What <atk-player> shows of a published instance. ${CACHE} With the token of a user who may edit it, a pending instance answers too, with preview: 1 and Cache-Control private, no-store.`,
  }),
  mobileInstance: endpoint({
    method: 'GET',
    path: `${API_BASE}${WIDGET_MOBILE_INSTANCES_PATH}/:id`,
    auth: 'public',
    params: playerInstanceParams,
    data: mobilePlayerInstance,
    tag,
    summary: "The mobile widget's read of a mobile instance",
    description: `What <atk-mobile-player> shows of a published mobile instance. ${CACHE}`,
  }),
  events: endpoint({
    method: 'POST',
    path: `${API_BASE}${WIDGET_EVENTS_PATH}`,
    auth: 'public',
    body: playerEvents,
    data: playerEventsAnswer,
    tag,
    summary: "Report the player's events",
    description:
      'A batch of launch, play, listen and buy-click events for the statistics, blind votes and ABX answers (docs/api.md "Listener verdicts"), as JSON or as text/plain holding JSON (navigator.sendBeacon), at most 64 kB. Events naming what the instance does not offer are dropped, not refused; events other than a launch count only with the launch\'s token. A batch with privacy strict sends no visitor_id: its visitor is a salted hash of the address, user agent and instance, valid one UTC day, and it counts in launches, plays, listening and the day\'s unique visitors but not in new visitors, sign-up pages or sign-ins (its launches show as strict_launches). 120 batches a minute per address (a bad one counts too), then 429. Readable from any origin.',
  }),
  abxStart: endpoint({
    method: 'POST',
    path: `${API_BASE}${WIDGET_ABX_PATH}`,
    auth: 'public',
    body: abxStart,
    data: abxStarted,
    tag,
    summary: 'Start an ABX test',
    description: `For a visitor holding the launch's token of a published instance whose ABX test is on: a test of two of its products on one of its songs and sources, with the instance's number of trials. The server picks X (A or B) for each trial and keeps it: \`test\` is signed and does not say it; GET /widget/abx/audio?test&trial plays a trial's X, and the answers come back as an abx event. An instance that is not published, does not offer the test or the products, or a token that is not the visitor's: 404 '${MSG.abxNotAvailable}'. Counted against the events' limit per address. Readable from any origin.`,
  }),
  forget: endpoint({
    method: 'POST',
    path: `${API_BASE}${WIDGET_FORGET_PATH}`,
    auth: 'public',
    body: forgetVisitor,
    data: z.null(),
    tag,
    summary: 'Forget a visitor',
    description: `The player's "Forget me": erases, in one transaction, what the server keeps of this visitor id (its visitor and brand-visitor rows, its raw events, its marks as a day's unique visitor, its listening bounds and day's click count, its blind votes and ABX answers); what was already summed into daily totals stays, as it names no one. msg '${MSG.visitorForgotten}', also for an id the server never saw (the answer does not tell which ids exist). As JSON or text/plain holding JSON; counted against the events' limit per address. Readable from any origin.`,
  }),
};
