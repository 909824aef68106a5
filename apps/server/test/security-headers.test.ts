import { API_BASE } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

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
