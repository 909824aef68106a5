/**
 * Slow clients, over-long and malformed requests and the token answers' headers (docs/api.md "Slow and malformed
 * requests, token answers"): raw sockets against the real app, with short timeouts set through its config.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, hashPassword, MSG } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { HTTP_LIMITS, type HttpLimits, loadConfig } from '../../src/config.ts';
import { expectError } from '../support/assertions.ts';
import { makeBrand, makeUser, type Reply, startTestApp, type TestApp } from '../support/harness.ts';
import { FILES, makeContent, postForm } from '../support/uploads.ts';

/** Short enough for a test, long enough that a busy CI machine serves a normal request well within them. */
const LIMITS: HttpLimits = {
  ...HTTP_LIMITS,
  headersTimeoutMs: 1000,
  bodyTimeoutMs: 1000,
  uploadTimeoutMs: 4000,
};

let app: TestApp;
let dataDir: string;
let customer: { id: string; email: string; token: string };
let content: Awaited<ReturnType<typeof makeContent>>;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atk-limits-'));
  app = await startTestApp({ dataDir, http: LIMITS });
  const brand = await makeBrand(app.db);
  content = await makeContent(app, brand.id);
  customer = await makeUser(app, 'customer', { brandId: brand.id });
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Trickled {
  /** The answer's status (0: none, the connection was only closed). */
  status: number;
  body: unknown;
  /** Milliseconds from the first byte sent to the connection's close. */
  ms: number;
  /** Milliseconds from the first byte sent to the answer's first byte (null: no answer). */
  answeredMs: number | null;
}

/**
 * Sends `head` at once, then `body` one chunk every `every` ms (a slow client); resolves when the server closes
 * the connection, with its answer.
 */
function trickle(head: string, body: Buffer, opts: { every: number; chunk?: number; url?: string }): Promise<Trickled> {
  const { port } = new URL(opts.url ?? app.url);
  const chunk = opts.chunk ?? 1;
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    let answeredMs: number | null = null;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent >= body.length || !socket.writable) return clearInterval(timer);
        socket.write(body.subarray(sent, sent + chunk));
        sent += chunk;
      }, opts.every);
    });
    socket.on('data', (d) => {
      answeredMs ??= Date.now() - started;
      received.push(d);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      const text = Buffer.concat(received).toString();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const payload = text.split('\r\n\r\n').slice(1).join('\r\n\r\n');
      resolve({ status, body: payload ? JSON.parse(payload) : null, ms: Date.now() - started, answeredMs });
    });
  });
}

const headOf = (method: string, route: string, headers: Record<string, string | number>) =>
  `${method} ${route} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

const jsonHead = (method: string, route: string, length: number, token?: string) =>
  headOf(method, `${API_BASE}${route}`, {
    'content-type': 'application/json',
    'content-length': length,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });

const timedOut = { code: 408, msg: MSG.requestTimeout, data: null };

describe('slow clients', () => {
  it('a body sent a byte at a time is cut at the body timeout, while other clients are served', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'slow@client.example', password: 'x'.repeat(200) }));
    const slow = Promise.all([
      trickle(jsonHead('POST', '/users/login', body.length), body, { every: 100 }),
      trickle(jsonHead('POST', '/users/register', body.length), body, { every: 100 }),
      trickle(jsonHead('POST', '/widget/events', body.length), body, { every: 100 }),
      trickle(jsonHead('PUT', '/users/profile', body.length, customer.token), body, { every: 100 }),
    ]);
    // Meanwhile another client signs in and reads, unhindered.
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    const login = await app.call('POST', '/users/login', {
      body: { email: customer.email, password: hashPassword('Test!2345') },
    });
    const info = await app.call('GET', '/users/info', { token: customer.token });
    expect([login.status, info.status]).toEqual([200, 200]);
    expect(Date.now() - t0).toBeLessThan(1000);
    for (const cut of await slow) {
      expect({ status: cut.status, body: cut.body }).toEqual({ status: 408, body: timedOut });
      expect(cut.ms).toBeGreaterThanOrEqual(LIMITS.bodyTimeoutMs - 50);
      expect(cut.ms).toBeLessThan(LIMITS.bodyTimeoutMs + 1500);
    }
  });

  it('headers sent a byte at a time are cut at the headers timeout with the envelope', async () => {
    const head = jsonHead('POST', '/users/login', 2);
    const cut = await trickle(head.slice(0, 10), Buffer.from(head.slice(10)), { every: 100 });
    expect({ status: cut.status, body: cut.body }).toEqual({ status: 408, body: timedOut });
    expect(cut.ms).toBeLessThan(LIMITS.headersTimeoutMs + 1500);
  });

  it('a refusal before the body is read closes the connection instead of waiting for the rest', async () => {
    const body = Buffer.from('{"name":"x"}');
    // No token: 401 at once; the slow rest of the body is not waited for.
    const cut = await trickle(jsonHead('POST', '/admin/brands', body.length), body, { every: 300 });
    expect({ status: cut.status, body: cut.body }).toEqual({
      status: 401,
      body: { code: 401, msg: MSG.unauthorized, data: null },
    });
    expect(cut.ms).toBeLessThan(500);
  });

  it('a body over the limit, sent slowly, is refused at once, and the server carries on past the timeout', async () => {
    const head = headOf('POST', `${API_BASE}/users/login`, {
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    });
    // Chunks of 600 KB, sent 700 KB at a time: the second write passes the 1 MB limit.
    const big = Buffer.alloc(600 * 1024, 'a');
    const chunked = Buffer.concat(
      [big, big, big].map((c) => Buffer.concat([Buffer.from(`${c.length.toString(16)}\r\n`), c, Buffer.from('\r\n')])),
    );
    const cut = await trickle(head, chunked, { every: 100, chunk: 700 * 1024 });
    expect({ status: cut.status, body: cut.body }).toEqual({
      status: 413,
      body: { code: 413, msg: MSG.payloadTooLarge, data: null },
    });
    expect(cut.ms).toBeLessThan(LIMITS.bodyTimeoutMs);
    await new Promise((r) => setTimeout(r, LIMITS.bodyTimeoutMs));
    expect((await app.call('GET', '/users/info', { token: customer.token })).status).toBe(200);
  });

  it('an upload may take longer than a JSON body, up to the upload timeout', async () => {
    const boundary = 'atkboundary';
    const fields = { model: 'products', id: content.product.id, type: 'thumbnail', index: '0' };
    const form = Buffer.concat([
      Buffer.from(
        Object.entries(fields)
          .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
          .join(''),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      FILES.png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const head = headOf('POST', `${API_BASE}/upload/images`, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': form.length,
      authorization: `Bearer ${customer.token}`,
      connection: 'close',
    });
    // About 2 s, twice the body timeout: still within the upload timeout, so it is stored.
    const chunk = Math.ceil(form.length / 20);
    const slow = await trickle(head, form, { every: 100, chunk });
    expect(slow.ms).toBeGreaterThan(LIMITS.bodyTimeoutMs);
    expect(slow.status).toBe(200);
    expect((slow.body as { msg: string }).msg).toBe(MSG.uploadSuccess);
    // One slower than the upload timeout is cut there.
    const tooSlow = await trickle(head, form, { every: 400, chunk });
    expect({ status: tooSlow.status, body: tooSlow.body }).toEqual({ status: 408, body: timedOut });
    expect(tooSlow.ms).toBeLessThan(LIMITS.uploadTimeoutMs + 1500);
  });
});

describe('refused uploads do not hold their connection', () => {
  // The upload deadline far above the body deadline: a refused upload held until the former would fail here.
  const limits: HttpLimits = { ...HTTP_LIMITS, bodyTimeoutMs: 5000, uploadTimeoutMs: 60_000 };
  let refusing: TestApp;
  let owner: { token: string };
  let audio: { presigned_url: string };
  const upTo = (url: string) => url.replace('http://portal.test', refusing.url);
  beforeAll(async () => {
    refusing = await startTestApp({ dataDir, http: limits });
    const brand = await makeBrand(refusing.db);
    const own = await makeContent(refusing, brand.id);
    owner = await makeUser(refusing, 'customer', { brandId: brand.id });
    const query = new URLSearchParams({
      mine_type: 'wav',
      product_id: own.product.id,
      song_id: own.song.id,
      instrument_id: own.instrument.id,
    });
    const presigned = await refusing.call<{ presigned_url: string }>('GET', `/aws/presigned_url?${query}`, {
      token: owner.token,
    });
    expect(presigned.status).toBe(200);
    audio = presigned.body.data;
  });
  afterAll(() => refusing.close());

  const multipartHead = (length: number, token?: string) =>
    headOf('POST', `${API_BASE}/upload/images`, {
      'content-type': 'multipart/form-data; boundary=atkboundary',
      'content-length': length,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    });
  /** The signed PUT of the source audio, its signature's first character changed. */
  const forgedPutHead = (length: number) => {
    const url = new URL(upTo(audio.presigned_url));
    const sig = url.searchParams.get('sig') ?? '';
    url.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    return headOf('PUT', `${url.pathname}${url.search}`, { 'content-type': 'audio/wav', 'content-length': length });
  };
  const body = Buffer.alloc(5_000_000, 'x');
  /** Closed within the body deadline + 5 s of the refusal (the issue's bound), and answered first. */
  const heldAfterRefusal = (cut: Trickled) => {
    expect(cut.answeredMs).not.toBeNull();
    const held = cut.ms - (cut.answeredMs ?? 0);
    expect(held).toBeLessThan(limits.bodyTimeoutMs + 5000);
    return held;
  };

  it('an anonymous multipart upload and a forged signed PUT, sent 1 byte / 2 s, are cut by the floor rate', async () => {
    const [anonymous, forged] = await Promise.all([
      trickle(multipartHead(body.length), body, { every: 2000, url: refusing.url }),
      trickle(forgedPutHead(body.length), body, { every: 2000, url: refusing.url }),
    ]);
    expect({ status: anonymous.status, body: anonymous.body }).toEqual({
      status: 401,
      body: { code: 401, msg: MSG.unauthorized, data: null },
    });
    expect({ status: forged.status, body: forged.body }).toEqual({
      status: 403,
      body: { code: 403, msg: MSG.uploadLinkInvalid, data: null },
    });
    // Below 16 KB/s from the refusal, past its first second: cut at the check of the second second.
    for (const cut of [anonymous, forged]) {
      const held = heldAfterRefusal(cut);
      expect(held).toBeGreaterThanOrEqual(1500);
      expect(held).toBeLessThan(limits.bodyTimeoutMs);
    }
  });

  it('a refused upload sent above the floor rate is cut at the body deadline counted from the refusal', async () => {
    // 40 KB/s: above the floor, but 5 MB would take two minutes.
    const [badToken, wrongRole, forged] = await Promise.all([
      trickle(multipartHead(body.length, 'expired-or-revoked-token'), body, {
        every: 500,
        chunk: 20 * 1024,
        url: refusing.url,
      }),
      trickle(
        headOf('POST', `${API_BASE}/admin/upload/images`, {
          'content-type': 'multipart/form-data; boundary=atkboundary',
          'content-length': body.length,
          authorization: `Bearer ${owner.token}`,
        }),
        body,
        { every: 500, chunk: 20 * 1024, url: refusing.url },
      ),
      trickle(forgedPutHead(body.length), body, { every: 500, chunk: 20 * 1024, url: refusing.url }),
    ]);
    expect([badToken.status, wrongRole.status, forged.status]).toEqual([401, 403, 403]);
    expect((badToken.body as { msg: string }).msg).toBe(MSG.tokenInvalid);
    for (const cut of [badToken, wrongRole, forged]) {
      const held = heldAfterRefusal(cut);
      expect(held).toBeGreaterThanOrEqual(limits.bodyTimeoutMs - 100);
      expect(held).toBeLessThan(limits.bodyTimeoutMs + 1500);
    }
    // The server serves on.
    expect((await refusing.call('GET', '/users/info', { token: owner.token })).status).toBe(200);
  });

  it('a signed, accepted upload sent at 1 MB/s for 30 s completes', { timeout: 60_000 }, async () => {
    const wav = Buffer.concat([FILES.wav, Buffer.alloc(30 * 1024 * 1024 - FILES.wav.length, 9)]);
    const url = new URL(upTo(audio.presigned_url));
    const head = headOf('PUT', `${url.pathname}${url.search}`, {
      'content-type': 'audio/wav',
      'content-length': wav.length,
      connection: 'close',
    });
    const slow = await trickle(head, wav, { every: 100, chunk: 100 * 1024, url: refusing.url });
    expect(slow.ms).toBeGreaterThan(29_000);
    expect({ status: slow.status, body: slow.body }).toEqual({
      status: 200,
      body: { code: 200, msg: expect.any(String), data: { key: url.pathname.replace('/files/', '') } },
    });
  });
});

describe('connections per process', () => {
  it('beyond the cap, a new connection is closed; once others leave, clients are served again', async () => {
    const capped = await startTestApp({ http: { ...LIMITS, maxConnections: 3 } });
    const { port } = new URL(capped.url);
    const held = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(Number(port), '127.0.0.1', () => resolve(s));
          }),
      ),
    );
    try {
      // Let the server accept the three before the fourth arrives.
      await new Promise((r) => setTimeout(r, 100));
      const fourth = await trickle(headOf('GET', `${API_BASE}/widget/settings/landing_instance`, {}), Buffer.alloc(0), {
        every: 100,
        url: capped.url,
      });
      expect([fourth.status, fourth.ms < 1000]).toEqual([0, true]);
      for (const s of held) s.destroy();
      await new Promise((r) => setTimeout(r, 100));
      const res = await fetch(`${capped.url}${API_BASE}/widget/settings/landing_instance`);
      expect(res.status).toBe(200);
    } finally {
      for (const s of held) s.destroy();
      await capped.close();
    }
  });
});

describe('malformed requests', () => {
  const send = (headers: Record<string, string>, body: string) =>
    fetch(`${app.url}${API_BASE}/upload/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}`, ...headers },
      body,
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Reply<unknown>['body'] }));

  it('a multipart form with a truncated part or no boundary is 400, not 500', async () => {
    const truncated = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc';
    for (const [type, body] of [
      ['multipart/form-data; boundary=x', truncated],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-da'],
      ['multipart/form-data; boundary=x', 'not a form at all'],
      ['multipart/form-data', truncated],
      ['multipart/form-data; boundary=', truncated],
    ])
      expectError(await send({ 'content-type': type }, body), 400, MSG.multipartMalformed);
    // The server still serves forms afterwards.
    const ok = await postForm(app, '/upload/images', {
      token: customer.token,
      fields: { model: 'products', id: content.product.id, type: 'thumbnail', index: '1' },
      file: { name: 'a.png', data: FILES.png },
    });
    expect(ok.status).toBe(200);
  });

  it('a URL over the header limit is answered with the JSON envelope (431)', async () => {
    for (const route of [`${API_BASE}/brands?name=${'a'.repeat(20_000)}`, `/client/${'b'.repeat(20_000)}`]) {
      const res = await fetch(`${app.url}${route}`);
      expect({ status: res.status, body: await res.json() }).toEqual({
        status: 431,
        body: { code: 431, msg: MSG.headersTooLarge, data: null },
      });
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
    // And the server is fine.
    expect((await app.call('GET', '/users/info', { token: customer.token })).status).toBe(200);
  });

  it('bytes that are not HTTP are a 400 envelope', async () => {
    const cut = await trickle('NOT HTTP AT ALL\r\n\r\n', Buffer.alloc(0), { every: 100 });
    expect({ status: cut.status, body: cut.body }).toEqual({
      status: 400,
      body: { code: 400, msg: MSG.badHttpRequest, data: null },
    });
  });
});

describe('HEAD of a console route', () => {
  it('answers like its GET: 200, the same headers, no body', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'atk-console-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>ATK console</title>');
    await mkdir(path.join(dist, 'assets'));
    const config = { ...loadConfig({}), publicUrl: 'http://portal.test', consoleDist: dist };
    const server = await buildApp({ config, db: app.db, mailer: { send: async () => {} }, logger: false });
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const page of ['/', '/client/products', '/login?redirect=%2Fglobal']) {
        const get = await fetch(`${url}${page}`);
        const head = await fetch(`${url}${page}`, { method: 'HEAD' });
        expect([page, head.status, await head.text()]).toEqual([page, 200, '']);
        for (const name of ['content-type', 'content-length', 'cache-control', 'content-security-policy'])
          expect([page, name, head.headers.get(name)]).toEqual([page, name, get.headers.get(name)]);
        expect(await get.text()).toBe('<!doctype html><title>ATK console</title>');
      }
      // The API stays JSON.
      const api = await fetch(`${url}${API_BASE}/nope`, { method: 'HEAD' });
      expect(api.status).toBe(404);
    } finally {
      await server.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe('token answers and the Authorization header', () => {
  it('the login answer is not stored by any cache (register answers no token: docs/api.md)', async () => {
    const login = await fetch(`${app.url}${API_BASE}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: hashPassword('Test!2345') }),
    });
    expect([login.status, login.headers.get('cache-control')]).toEqual([200, 'no-store']);
    // Answers without a token keep their own caching.
    const settings = await fetch(`${app.url}${API_BASE}/widget/settings/landing_instance`);
    expect(settings.headers.get('cache-control')).not.toBe('no-store');
  });

  it("an invitation's answer (it carries a session token) is not stored either", async () => {
    const admin = await makeUser(app, 'global_admin');
    const brand = await makeBrand(app.db);
    const invited = await app.call<{ uuid: string }>('POST', '/admin/invitations', {
      token: admin.token,
      body: { email: `invited-${Date.now()}@test.example`, brand_id: brand.id },
    });
    expect(invited.status).toBe(200);
    const res = await fetch(`${app.url}${API_BASE}/invitations/${invited.body.data.uuid}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { token: string } }).data.token).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('`Bearer <token>` followed by anything else is 401', async () => {
    expect((await app.call('GET', '/users/info', { token: customer.token })).status).toBe(200);
    for (const authorization of [
      `Bearer ${customer.token} extra`,
      `Bearer ${customer.token} ${customer.token}`,
      `Bearer ${customer.token},x`,
      `Bearer ${customer.token}\tx`,
    ])
      expectError(await app.call('GET', '/users/info', { headers: { authorization } }), 401, MSG.unauthorized);
    // The scheme's case and the space count as RFC 6750 has them.
    expect(
      (await app.call('GET', '/users/info', { headers: { authorization: `bearer ${customer.token}` } })).status,
    ).toBe(200);
  });
});

describe('configuration', () => {
  it('reads the limits from the environment, with safe defaults, and refuses nonsense', () => {
    expect(loadConfig({}).http).toEqual(HTTP_LIMITS);
    expect(
      loadConfig({ HTTP_BODY_TIMEOUT_MS: '5000', HTTP_MAX_CONNECTIONS: '0', HTTP_KEEP_ALIVE_TIMEOUT_MS: ' 7000 ' })
        .http,
    ).toEqual({ ...HTTP_LIMITS, bodyTimeoutMs: 5000, maxConnections: 0, keepAliveTimeoutMs: 7000 });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '10s' })).toThrow('HTTP_HEADERS_TIMEOUT_MS must be');
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_MS: '0' })).toThrow('HTTP_IDLE_TIMEOUT_MS must be');
    expect(() => loadConfig({ HTTP_UPLOAD_TIMEOUT_MS: '1000' })).toThrow('at least HTTP_BODY_TIMEOUT_MS');
  });
});
