/** The browser side of the statistics events: the anonymous visitor id and the beacon. */
import { type EventsPayload, isUuid, uuidFromBytes } from './events.ts';

const VISITOR_KEY = 'atk-player-visitor';
let memoryVisitor: string | null = null;

function newUuid(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') {
    try {
      return c.randomUUID();
    } catch {
      // not a secure context
    }
  }
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  return uuidFromBytes(bytes);
}

/** A random id kept in this browser (localStorage; memory only where storage is refused). */
export function visitorId(): string {
  try {
    const stored = localStorage.getItem(VISITOR_KEY);
    if (isUuid(stored)) return stored;
    const id = newUuid();
    localStorage.setItem(VISITOR_KEY, id);
    return id;
  } catch {
    memoryVisitor ??= newUuid();
    return memoryVisitor;
  }
}

/**
 * Sends one batch with a text/plain body (a simple cross-origin request, so no preflight). With `answer`, a fetch
 * whose answer's token is handed to it (null when there is none); else navigator.sendBeacon, which survives the page
 * going away, or a keepalive fetch.
 */
export function sendEvents(url: string, payload: EventsPayload, answer?: (token: string | null) => void): void {
  const body = JSON.stringify(payload);
  if (answer) {
    void fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/plain' }, credentials: 'omit' })
      .then((res) => res.json())
      .then((r: { data?: { token?: string | null } }) => answer(r.data?.token ?? null))
      .catch(() => answer(null));
    return;
  }
  try {
    if (
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }))
    )
      return;
  } catch {
    // fall back to fetch
  }
  void fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/plain' },
    credentials: 'omit',
    keepalive: true,
  }).catch(() => undefined);
}
