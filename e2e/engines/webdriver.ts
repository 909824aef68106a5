/**
 * A minimal W3C WebDriver client over fetch: just what the WebKit tests need (session, navigate, find, text, scripts).
 * No npm WebDriver client: they tend to download browsers and drivers, and these few calls are the protocol.
 */
export interface Session {
  /** Navigates and waits for the page load (the driver's page-load strategy). */
  open(url: string): Promise<void>;
  /** The visible text of the first element matching the CSS selector, or null when there is none. */
  textOf(css: string): Promise<string | null>;
  /** A click on the first element matching the CSS selector, as the user's (the page gets a user activation). */
  click(css: string): Promise<void>;
  /** JavaScript run in the page; its return value. */
  execute<T>(script: string): Promise<T>;
  /** The body of an async function run in the page with `args` (as `arguments`); what it resolves with. */
  executeAsync<T>(body: string, args: unknown[]): Promise<T>;
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
    async click(css) {
      const found = await command<Record<string, string>>(base, 'POST', '/element', {
        using: 'css selector',
        value: css,
      });
      await command(base, 'POST', `/element/${found[ELEMENT]}/click`, {});
    },
    execute: (script) => command(base, 'POST', '/execute/sync', { script, args: [] }),
    async executeAsync(body, args) {
      // A story may take a minute or two (WebDriver's default script timeout is 30 s).
      await command(base, 'POST', '/timeouts', { script: 180_000 });
      const script = `const done = arguments[arguments.length - 1];
(async function () {${body}}).apply(null, Array.prototype.slice.call(arguments, 0, -1)).then(done, (e) => done({ error: String(e) }));`;
      return command(base, 'POST', '/execute/async', { script, args });
    },
    async close() {
      await command(base, 'DELETE', '').catch(() => {});
    },
  };
}
