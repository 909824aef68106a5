/**
 * A minimal W3C WebDriver client over fetch: just what the WebKit test needs (session, navigate, find, text).
 * No npm WebDriver client: they tend to download browsers and drivers, and these few calls are the protocol.
 */
export interface Session {
  /** Navigates and waits for the page load (the driver's page-load strategy). */
  open(url: string): Promise<void>;
  /** The visible text of the first element matching the CSS selector, or null when there is none. */
  textOf(css: string): Promise<string | null>;
  /** JavaScript run in the page; its return value. */
  execute<T>(script: string): Promise<T>;
  close(): Promise<void>;
}

/** The key under which a W3C element reference comes back. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

async function command<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { value: T & { error?: string; message?: string } };
  if (!res.ok) throw new WebDriverError(json.value?.error ?? String(res.status), json.value?.message ?? '');
  return json.value;
}

export class WebDriverError extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(`${error}: ${message}`);
  }
}

/** A new session of WebKitGTK's MiniBrowser through a running WebKitWebDriver at `driverUrl`. */
export async function startSession(driverUrl: string, miniBrowser: string): Promise<Session> {
  const { sessionId } = await command<{ sessionId: string }>(driverUrl, 'POST', '/session', {
    capabilities: {
      alwaysMatch: { 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } },
    },
  });
  const base = `${driverUrl}/session/${sessionId}`;
  return {
    async open(url) {
      await command(base, 'POST', '/url', { url });
    },
    async textOf(css) {
      try {
        const found = await command<Record<string, string>>(base, 'POST', '/element', {
          using: 'css selector',
          value: css,
        });
        return await command<string>(base, 'GET', `/element/${found[ELEMENT]}/text`);
      } catch (err) {
        if (err instanceof WebDriverError && err.error === 'no such element') return null;
        throw err;
      }
    },
    execute: (script) => command(base, 'POST', '/execute/sync', { script, args: [] }),
    async close() {
      await command(base, 'DELETE', '').catch(() => {});
    },
  };
}
