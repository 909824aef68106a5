import type { ServerResponse } from 'node:http';
import helmet from 'helmet';

type HelmetOptions = Parameters<typeof helmet>[0];

/**
 * Helmet's headers, worked out once. With static options (no per-request CSP nonce) helmet sets the same headers on
 * every answer, yet running its middleware chain per request was the heaviest onRequest hook of the public player
 * read under load (docs/architecture.md, "Performance"). So helmet runs once against a recorder and each request
 * gets the recorded headers: same names, same values, X-Powered-By still removed.
 */
export function securityHeaders(options: HelmetOptions): (res: ServerResponse) => void {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let done = false;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // Helmet's middleware is synchronous; if a version ever were not, the recording would be incomplete.
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be worked out once');
  return (res) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
  };
}
