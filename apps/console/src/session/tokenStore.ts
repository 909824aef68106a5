/**
 * The session token: kept in localStorage under `user_token` and mirrored in memory, with
 * subscribers so React state (useSyncExternalStore) and the API client read the same value.
 */
import { TOKEN_KEY } from '@atk/contract';

type Listener = () => void;
const listeners = new Set<Listener>();

function readStorage(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

let current: string | null = readStorage();
/** True when the last clear was the user's own sign-out (the guard then sends to /login without a redirect). */
let signedOut = false;

function emit(): void {
  for (const listener of listeners) listener();
}

export const tokenStore = {
  get: (): string | null => current,
  set(token: string): void {
    current = token;
    signedOut = false;
    try {
      localStorage.setItem(TOKEN_KEY, token);
    } catch {
      // storage unavailable (private mode): the token lives in memory for this tab
    }
    emit();
  },
  clear(reason: 'expired' | 'signout' = 'expired'): void {
    signedOut = reason === 'signout';
    if (current === null && readStorage() === null) return;
    current = null;
    try {
      localStorage.removeItem(TOKEN_KEY);
    } catch {
      // ignore
    }
    emit();
  },
  wasSignedOut: (): boolean => signedOut,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const next = readStorage();
    if (next !== current) {
      current = next;
      emit();
    }
  });
}
