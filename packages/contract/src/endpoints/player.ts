import { API_BASE } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { mobilePlayerInstance } from '../schemas/mobile.ts';
import { playerEvents, playerEventsAnswer, playerInstance, playerInstanceParams } from '../schemas/player.ts';

const tag = 'player';
const CACHE =
  "Readable from any origin (errors too), cacheable: a strong ETag (304 on If-None-Match), Cache-Control public, max-age=60 (no-cache while preparing). An unpublished, deleted, unknown or malformed id is a 404 'Instance not found'.";

/**
 * The players' public paths (docs/api.md "The player's public API"). The player bundle keeps these paths as plain
 * constants (it carries no zod); the server declares them here.
 */
export const playerEndpoints = {
  instance: endpoint({
    method: 'GET',
    path: `${API_BASE}/widget/instances/:id`,
    auth: 'public',
    params: playerInstanceParams,
    data: playerInstance,
    tag,
    summary: "The player's read of an instance",
    description: `What <atk-player> shows of a published instance. ${CACHE} With the token of a user who may edit it, a pending instance answers too, with preview: 1 and Cache-Control private, no-store.`,
  }),
  mobileInstance: endpoint({
    method: 'GET',
    path: `${API_BASE}/widget/mobile_instances/:id`,
    auth: 'public',
    params: playerInstanceParams,
    data: mobilePlayerInstance,
    tag,
    summary: "The mobile widget's read of a mobile instance",
    description: `What <atk-mobile-player> shows of a published mobile instance. ${CACHE}`,
  }),
  events: endpoint({
    method: 'POST',
    path: `${API_BASE}/widget/events`,
    auth: 'public',
    body: playerEvents,
    data: playerEventsAnswer,
    tag,
    summary: "Report the player's events",
    description:
      "A batch of launch, play and listen events for the statistics, as JSON or as text/plain holding JSON (navigator.sendBeacon), at most 64 kB. Events naming what the instance does not offer are dropped, not refused; events other than a launch count only with the launch's token. A batch with privacy strict sends no visitor_id: its visitor is a salted hash of the address, user agent and instance, valid one UTC day, and it counts in launches, plays, listening and the day's unique visitors but not in new visitors, sign-up pages or sign-ins (its launches show as strict_launches). 120 batches a minute per address (a bad one counts too), then 429. Readable from any origin.",
  }),
};
