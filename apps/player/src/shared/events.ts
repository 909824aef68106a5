/**
 * The player's statistics events (contract `playerEvents`, POST /widget/events), batched: 'launch' and 'play'
 * as they happen, listening time summed per product × song × source and sent as 'listen' events with seconds.
 * Pure: the sending (navigator.sendBeacon) and the timers live in the app.
 */
import {
  type PLAYER_EVENT_TYPES,
  PLAYER_EVENTS_MAX,
  PLAYER_LISTEN_MAX_SECONDS,
  VISITOR_ID_MAX_MONTHS,
  type WidgetType,
} from '@atk/contract/constants';

export { pageUrl } from '@atk/contract/constants';

export type PlayerEventType = (typeof PLAYER_EVENT_TYPES)[number];

export interface PlayerEventOut {
  type: PlayerEventType;
  instance_id: string;
  product_id?: string | null;
  song_id?: string | null;
  source_id?: string | null;
  seconds?: number | null;
  /** A vote: the products compared in the order shown, the seconds heard of each, whether levels were matched. */
  products?: string[];
  heard?: number[];
  level_matched?: boolean;
  /** A buy click: the mobile widget's retailer (absent: the buy button), and the destination's currency. */
  retailer_id?: string | null;
  currency?: string | null;
}

/**
 * Who sends: the visitor's anonymous id, the widget, the host page (origin and path: a sign-up URL), and the token
 * the launch's answer gave (renewed by every answer): the server counts events other than a launch only with it.
 */
export interface EventsSender {
  /** Absent in strict privacy mode (./privacy.ts), which sends `privacy: 'strict'` instead. */
  visitor_id?: string;
  privacy?: 'strict';
  widget_type: WidgetType;
  page_url: string;
  token?: string;
}

export interface EventsPayload extends EventsSender {
  events: PlayerEventOut[];
}

/** Events per request, and the longest listen event (the contract refuses more). */
export const EVENTS_PER_REQUEST = PLAYER_EVENTS_MAX;
export const MAX_LISTEN_SECONDS = PLAYER_LISTEN_MAX_SECONDS;
/** How often the app sends what has gathered. */
export const FLUSH_EVERY_MS = 15_000;
/** A token older than this launches again first (the server's live 30 minutes; docs/api.md). */
export const TOKEN_RENEW_MS = 25 * 60_000;

export interface ListenTarget {
  instance_id: string;
  product_id: string;
  song_id: string;
  source_id: string;
}

export class EventBatcher {
  #queue: PlayerEventOut[] = [];
  #listened = new Map<string, { target: ListenTarget; seconds: number }>();

  add(event: PlayerEventOut): void {
    this.#queue.push(event);
  }

  /** Adds listening time (seconds, while playing) to what the selected product, song and source have. */
  listen(target: ListenTarget, seconds: number): void {
    if (!(seconds > 0) || !Number.isFinite(seconds)) return;
    const key = `${target.product_id}|${target.song_id}|${target.source_id}|${target.instance_id}`;
    const entry = this.#listened.get(key);
    if (entry) entry.seconds += seconds;
    else this.#listened.set(key, { target: { ...target }, seconds });
  }

  get pending(): number {
    return this.#queue.length + this.#listened.size;
  }

  /**
   * What to send now, in requests of at most EVENTS_PER_REQUEST events. Listening time is sent to a tenth of
   * a second; less than half a second is kept for the next batch unless `final` (the page is going away).
   */
  drain(sender: EventsSender, final = false): EventsPayload[] {
    const events = this.#queue;
    this.#queue = [];
    for (const [key, entry] of this.#listened) {
      if (!final && entry.seconds < 0.5) continue;
      this.#listened.delete(key);
      let left = Math.round(entry.seconds * 10) / 10;
      while (left > 0) {
        const seconds = Math.min(left, MAX_LISTEN_SECONDS);
        events.push({ type: 'listen', ...entry.target, seconds });
        left = Math.round((left - seconds) * 10) / 10;
      }
    }
    const out: EventsPayload[] = [];
    for (let i = 0; i < events.length; i += EVENTS_PER_REQUEST)
      out.push({ ...sender, events: events.slice(i, i + EVENTS_PER_REQUEST) });
    return out;
  }
}

/** A version 4 UUID from 16 random bytes. */
export function uuidFromBytes(bytes: Uint8Array): string {
  const b = Uint8Array.from(bytes.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const isUuid = (v: unknown): v is string =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** The visitor id as the browser keeps it: the id and when it was made (epoch ms). */
export interface KeptVisitor {
  id: string;
  created: number;
}

/** When an id made at `created` is replaced: VISITOR_ID_MAX_MONTHS later (the CNIL's 13 months). */
export function visitorIdExpiry(created: number): number {
  const d = new Date(created);
  d.setUTCMonth(d.getUTCMonth() + VISITOR_ID_MAX_MONTHS);
  return d.getTime();
}

/**
 * What the browser keeps (localStorage), read: `{"id","created"}`, or an older player's bare id, which is given the
 * date it is first read again (its real age is not known). Null when there is none, it is malformed, or it is due
 * for replacement. `stamp` says the stored text must be written anew (a bare id).
 */
export function readKeptVisitor(raw: string | null, now: number): { kept: KeptVisitor; stamp: boolean } | null {
  if (!raw) return null;
  if (isUuid(raw)) return { kept: { id: raw, created: now }, stamp: true };
  try {
    const v = JSON.parse(raw) as Partial<KeptVisitor>;
    if (!isUuid(v.id) || typeof v.created !== 'number' || !Number.isFinite(v.created) || v.created > now) return null;
    return visitorIdExpiry(v.created) > now ? { kept: { id: v.id, created: v.created }, stamp: false } : null;
  } catch {
    return null;
  }
}
