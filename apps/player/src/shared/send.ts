/** The browser side of the statistics events: the anonymous visitor id, its erasure, and the beacon. */
import { WIDGET_FORGET_PATH } from '@atk/contract/constants';
import { type EventsPayload, readKeptVisitor, uuidFromBytes } from './events.ts';

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

/**
 * A random id kept in this browser with its date (localStorage; memory only where storage is refused), replaced by
 * a new one once VISITOR_ID_MAX_MONTHS old (./events.ts `readKeptVisitor`).
 */
export function visitorId(): string {
  try {
    const now = Date.now();
    const read = readKeptVisitor(localStorage.getItem(VISITOR_KEY), now);
    if (read && !read.stamp) return read.kept.id;
    const kept = read?.kept ?? { id: newUuid(), created: now };
    localStorage.setItem(VISITOR_KEY, JSON.stringify(kept));
    return kept.id;
  } catch {
    memoryVisitor ??= newUuid();
    return memoryVisitor;
  }
}

/** The id this browser keeps, if any, without making one. */
function keptVisitorId(): string | null {
  try {
    return readKeptVisitor(localStorage.getItem(VISITOR_KEY), Date.now())?.kept.id ?? null;
  } catch {
    return memoryVisitor;
  }
}

/** Removes the id from this browser (consent withdrawn, or Forget me). */
export function dropVisitorId(): void {
  memoryVisitor = null;
  try {
    localStorage.removeItem(VISITOR_KEY);
  } catch {
    // storage refused: nothing was kept there
  }
}

/**
 * "Forget me": asks the server to erase what it keeps of this browser's id (POST /widget/forget), then removes the id
 * from the browser. Answers whether it is done; when the server could not be reached the id stays, so a second try
 * can still name it. Without an id there is nothing to erase.
 */
export async function forgetVisitor(api: string): Promise<boolean> {
  const id = keptVisitorId();
  if (!id) return true;
  try {
    const res = await fetch(`${api}${WIDGET_FORGET_PATH}`, {
      method: 'POST',
      body: JSON.stringify({ visitor_id: id }),
      headers: { 'content-type': 'text/plain' },
      credentials: 'omit',
    });
    if (!res.ok) return false;
  } catch {
    return false;
  }
  dropVisitorId();
  return true;
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
