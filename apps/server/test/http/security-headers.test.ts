import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { API_BASE } from '@atk/contract';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/platform/security-headers.ts';
import { startTestApp, type TestApp } from '../support/harness.ts';

/** The CSP a page of the app is served with. */
async function csp(app: TestApp): Promise<string> {
  const res = await fetch(`${app.url}${API_BASE}/widget/settings/landing_instance`);
  await res.arrayBuffer();
  return res.headers.get('content-security-policy') ?? '';
}

describe('Content-Security-Policy and the scheme of PUBLIC_URL', () => {
  let http: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    [http, https] = await Promise.all([
      startTestApp({ publicUrl: 'http://localhost:3000' }),
      startTestApp({ publicUrl: 'https://portal.example.com' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([http?.close(), https?.close()]);
  });

  it('over http: no upgrade-insecure-requests (WebKit would upgrade same-origin requests and load nothing)', async () => {
    const policy = await csp(http);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('over https: upgrade-insecure-requests is sent', async () => {
    const policy = await csp(https);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain('upgrade-insecure-requests');
  });
});

describe('security headers worked out once (platform/security-headers.ts)', () => {
  it('sets what helmet itself sets on a response, X-Powered-By removed', async () => {
    const options = { contentSecurityPolicy: { directives: { 'script-src': ["'self'"] } } };
    const headersOf = (apply: (res: ServerResponse) => void) => {
      const res = new ServerResponse(new IncomingMessage(new Socket()));
      res.setHeader('x-powered-by', 'x');
      apply(res);
      return res.getHeaders();
    };
    const once = headersOf(securityHeaders(options));
    const live = headersOf((res) => helmet(options)({} as never, res, () => {}));
    expect(once).toEqual(live);
    expect(once['x-powered-by']).toBeUndefined();
    expect(once['content-security-policy']).toContain("script-src 'self'");
    expect(once['x-content-type-options']).toBe('nosniff');
  });

  it('the app answers with them', async () => {
    const app = await startTestApp({ publicUrl: 'http://localhost:3000' });
    try {
      const res = await fetch(`${app.url}${API_BASE}/widget/settings/landing_instance`);
      await res.arrayBuffer();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    } finally {
      await app.close();
    }
  });
});
