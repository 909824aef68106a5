import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUDIO_EXTENSIONS, AUDIO_MAX_BYTES, IMAGE_MAX_BYTES, MSG } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { instruments, songs } from '../../src/db/schema.ts';
import { UPLOAD_MSG } from '../../src/modules/uploads/service.ts';
import { createStorage, type Storage } from '../../src/platform/storage/index.ts';
import { expectError, expectOk, type Users, usersOfEveryRole } from '../support/assertions.ts';
import { makeBrand, makeUser, type Reply, startTestApp, type TestApp } from '../support/harness.ts';
import { FILES, makeContent, postForm } from '../support/uploads.ts';

/** A request with its path exactly as given. */
function raw(method: string, path: string): Promise<{ status: number; body: unknown }> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers: { 'content-type': 'audio/wav' } },
      (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) }));
      },
    );
    req.on('error', reject);
    req.end(method === 'PUT' ? 'x' : undefined);
  });
}

const sha = (b: Buffer | ArrayBuffer) =>
  createHash('sha256')
    .update(Buffer.from(b as ArrayBuffer))
    .digest('hex');

let app: TestApp;
let dataDir: string;
let users: Users;
let customerB: { token: string };
let A: Awaited<ReturnType<typeof makeContent>>;
let B: Awaited<ReturnType<typeof makeContent>>;
/** A platform song (is_atk = 1) and its source. */
let atkSong: { id: string };
let atkInstrument: { id: string };
/** The app's files and secret: originals are private, read here through a signed link. */
let storage: Storage;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atk-uploads-'));
  app = await startTestApp({ dataDir });
  storage = await createStorage({ ...loadConfig({}), dataDir, publicUrl: 'http://portal.test' });
  const [brandA, brandB] = [await makeBrand(app.db), await makeBrand(app.db)];
  A = await makeContent(app, brandA.id);
  B = await makeContent(app, brandB.id);
  [atkSong] = await app.db.insert(songs).values({ name: 'Platform song', isAtk: 1 }).returning();
  [atkInstrument] = await app.db.insert(instruments).values({ songId: atkSong.id, name: 'Drums' }).returning();
  users = await usersOfEveryRole(app);
  // The customer of every test is brand A's; brand B has its own.
  users.customer = await makeUser(app, 'customer', { brandId: brandA.id });
  customerB = await makeUser(app, 'customer', { brandId: brandB.id });
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const audioQuery = (c: typeof A, over: Record<string, string> = {}) =>
  `?${new URLSearchParams({ mine_type: 'wav', product_id: c.product.id, song_id: c.song.id, instrument_id: c.instrument.id, ...over })}`;

interface Presigned {
  presigned_url: string;
  url: string;
  key: string;
  headers: Record<string, string>;
}

const putTo = (p: { presigned_url: string; headers: Record<string, string> }, body: Buffer, headers = p.headers) =>
  fetch(p.presigned_url.replace('http://portal.test', app.url), { method: 'PUT', headers, body });
/** The app's public URLs name PUBLIC_URL (http://portal.test); the test reaches the same app at its port. */
const local = (url: string) => url.replace('http://portal.test', app.url);
/** A signed read link of a private original (docs/api.md "Private originals"), at the test's port. */
const signed = async (key: string) => local(await storage.readUrl(key));

describe('GET /aws/presigned_url (source audio)', () => {
  it('needs a token, and is for brand staff and admins (atk → 403); the /admin variant for admins only', async () => {
    expectError(await app.call('GET', `/aws/presigned_url${audioQuery(A)}`), 401, MSG.unauthorized);
    expectError(
      await app.call('GET', `/aws/presigned_url${audioQuery(A)}`, { token: users.atk.token }),
      403,
      MSG.forbidden,
    );
    for (const role of ['customer', 'atk'] as const)
      expectError(
        await app.call('GET', `/admin/aws/presigned_url${audioQuery(A)}`, { token: users[role].token }),
        403,
        MSG.forbidden,
      );
    expectOk(await app.call('GET', `/admin/aws/presigned_url${audioQuery(A)}`, { token: users.super_admin.token }));
  });

  it('refuses an extension that is not audio, and malformed ids, with 400', async () => {
    const msg = `mine_type must be an audio file extension: ${AUDIO_EXTENSIONS.join(', ')}`;
    for (const ext of ['exe', 'png', 'pdf', ''])
      expectError(
        await app.call('GET', `/aws/presigned_url${audioQuery(A, { mine_type: ext })}`, {
          token: users.customer.token,
        }),
        400,
        msg,
      );
    expectError(
      await app.call('GET', `/aws/presigned_url${audioQuery(A, { product_id: 'nope' })}`, {
        token: users.customer.token,
      }),
      400,
      'product_id must be a valid id',
    );
  });

  it("keeps a customer to its own brand: another brand's product or source is a 404", async () => {
    const token = users.customer.token;
    expectError(await app.call('GET', `/aws/presigned_url${audioQuery(B)}`, { token }), 404, MSG.productNotFound);
    // Its own product with another brand's source.
    const mixed = audioQuery(A, { song_id: B.song.id, instrument_id: B.instrument.id });
    expectError(await app.call('GET', `/aws/presigned_url${mixed}`, { token }), 404, MSG.instrumentNotFound);
    // A source of its own, named with the wrong song.
    expectError(
      await app.call('GET', `/aws/presigned_url${audioQuery(A, { song_id: B.song.id })}`, { token }),
      404,
      MSG.instrumentNotFound,
    );
    // An admin naming a brand the product is not of.
    const wrongBrand = audioQuery(A, { brand_id: B.product.brandId });
    expectError(
      await app.call('GET', `/admin/aws/presigned_url${wrongBrand}`, { token: users.global_admin.token }),
      404,
      MSG.productNotFound,
    );
    // Brand B's own customer gets its link.
    expectOk(await app.call('GET', `/aws/presigned_url${audioQuery(B)}`, { token: customerB.token }));
  });

  it('refuses a platform (is_atk) song to a customer, and lets an admin upload to it', async () => {
    const q = audioQuery(A, { song_id: atkSong.id, instrument_id: atkInstrument.id });
    expectError(
      await app.call('GET', `/aws/presigned_url${q}`, { token: users.customer.token }),
      409,
      MSG.atkSongReadOnly,
    );
    expectOk(await app.call('GET', `/admin/aws/presigned_url${q}`, { token: users.global_admin.token }));
  });

  it('refuses a declared size over 500 MB with 413 and the words the console shows; the limit itself is linked', async () => {
    const token = users.customer.token;
    const over = await app.call('GET', `/aws/presigned_url${audioQuery(A, { size: String(AUDIO_MAX_BYTES + 1) })}`, {
      token,
    });
    expectError(over, 413, MSG.audioTooLarge);
    expect(MSG.audioTooLarge).toBe('The file is larger than 500 MB');
    // no link is handed out, so no byte of the file can reach storage
    expect(JSON.stringify(over.body)).not.toContain('presigned_url');
    const atLimit = await app.call<Presigned>(
      'GET',
      `/aws/presigned_url${audioQuery(A, { size: String(AUDIO_MAX_BYTES) })}`,
      {
        token,
      },
    );
    expectOk(atLimit);
    expect(atLimit.body.data.key).toMatch(/^audio\/origin\//);
  });

  it('answers a signed link; the PUT stores the file, which reads back whole and by range', async () => {
    const res = await app.call<Presigned>('GET', `/aws/presigned_url${audioQuery(A)}`, { token: users.customer.token });
    expectOk(res);
    const p = res.body.data;
    expect(p.key).toMatch(new RegExp(`^audio/origin/${A.product.id}/${A.instrument.id}_\\d{13}\\.wav$`));
    expect(p.url).toBe(`http://portal.test/files/${p.key}`);
    expect(p.headers).toEqual({ 'content-type': 'audio/wav' });
    expect(new URL(p.presigned_url).pathname).toBe(`/files/${p.key}`);

    const put = await putTo(p, FILES.wav);
    expect(put.status).toBe(200);
    expect(((await put.json()) as { code: number }).code).toBe(200);

    // The original is private: its address alone reads nothing; a signed read link reads it.
    expect((await fetch(local(p.url))).status).toBe(404);
    const read = await signed(p.key);
    const got = await fetch(read);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('audio/wav');
    expect(got.headers.get('cache-control')).toBe('private, no-store');
    expect(got.headers.get('access-control-allow-origin')).toBe('*');
    expect(got.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(got.headers.get('accept-ranges')).toBe('bytes');
    expect(got.headers.get('content-length')).toBe(String(FILES.wav.length));
    expect(sha(await got.arrayBuffer())).toBe(sha(FILES.wav));

    const part = await fetch(read, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${FILES.wav.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(FILES.wav.subarray(4, 12));
    const tail = await fetch(read, { headers: { range: 'bytes=-5' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(FILES.wav.subarray(-5));
    const open = await fetch(read, { headers: { range: 'bytes=4000-' } });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(FILES.wav.subarray(4000));
    const beyond = await fetch(read, { headers: { range: `bytes=${FILES.wav.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${FILES.wav.length}`);
    await beyond.arrayBuffer();

    const head = await fetch(read, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(FILES.wav.length));
    expect(head.headers.get('content-type')).toBe('audio/wav');
    expect(await head.text()).toBe('');
    const headRange = await fetch(read, { method: 'HEAD', headers: { range: 'bytes=0-9' } });
    expect(headRange.status).toBe(206);
    expect(headRange.headers.get('content-length')).toBe('10');

    const preflight = await fetch(read, {
      method: 'OPTIONS',
      headers: { origin: 'https://brand.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('range');
  });

  it('a signed link is single-use: a second PUT within its hour is refused with 412 and the first file stays', async () => {
    const res = await app.call<Presigned>('GET', `/aws/presigned_url${audioQuery(A)}`, { token: users.customer.token });
    expectOk(res);
    const p = res.body.data;
    expect((await putTo(p, FILES.wav)).status).toBe(200);
    const again = await putTo(p, Buffer.from('RIFF replaced'));
    expect(again.status).toBe(412);
    expect(await again.json()).toEqual({ code: 412, msg: MSG.uploadLinkUsed, data: null });
    expect(sha(await (await fetch(await signed(p.key))).arrayBuffer())).toBe(sha(FILES.wav));
    // Two PUTs racing: one lands, the other is refused.
    const fresh = (
      await app.call<Presigned>('GET', `/aws/presigned_url${audioQuery(A, { mine_type: 'flac' })}`, {
        token: users.customer.token,
      })
    ).body.data;
    const both = await Promise.all([putTo(fresh, FILES.wav), putTo(fresh, FILES.wav)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 412]);
    await Promise.all(both.map((r) => r.arrayBuffer()));
  });

  it('refuses a tampered, expired or mistyped PUT with 403, and writes nothing', async () => {
    const res = await app.call<Presigned>('GET', `/aws/presigned_url${audioQuery(A, { mine_type: 'mp3' })}`, {
      token: users.customer.token,
    });
    const p = res.body.data;
    expect(p.headers).toEqual({ 'content-type': 'audio/mpeg' });
    const url = new URL(p.presigned_url);
    const variants: [string, string, Record<string, string>][] = [];
    const tampered = new URL(url);
    // its first digit changed (a fixed ending would be the signature's own once in 256 runs)
    const sig = url.searchParams.get('sig') ?? '';
    tampered.searchParams.set('sig', `${sig[0] === '0' ? '1' : '0'}${sig.slice(1)}`);
    variants.push(['tampered signature', tampered.toString(), p.headers]);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    variants.push(['extended expiry', later.toString(), p.headers]);
    const otherType = new URL(url);
    otherType.searchParams.set('ct', 'text/html');
    variants.push(['other signed type', otherType.toString(), { 'content-type': 'text/html' }]);
    variants.push(['another key', url.toString().replace('.mp3?', '.wav?'), p.headers]);
    variants.push(['wrong content type', url.toString(), { 'content-type': 'text/html' }]);
    variants.push(['no content type', url.toString(), {}]);
    variants.push(['no signature', `${url.origin}${url.pathname}`, p.headers]);
    for (const [why, target, headers] of variants) {
      const put = await fetch(target.replace('http://portal.test', app.url), {
        method: 'PUT',
        headers,
        body: FILES.wav,
      });
      expect({ why, status: put.status, body: await put.json() }).toEqual({
        why,
        status: 403,
        body: { code: 403, msg: MSG.uploadLinkInvalid, data: null },
      });
    }
    expect((await fetch(await signed(p.key))).status).toBe(404);

    // A link past its time.
    const { LocalStorage } = await import('../../src/platform/storage/local.ts');
    expect(storage).toBeInstanceOf(LocalStorage);
    const expired = await storage.presignPut('audio/origin/x/expired_1.wav', 'audio/wav', -1);
    const put = await putTo({ presigned_url: expired.url, headers: expired.headers }, FILES.wav);
    expect(put.status).toBe(403);
    expect(((await put.json()) as { msg: string }).msg).toBe(MSG.uploadLinkInvalid);
    // A link of this storage (same secret) is accepted: the secret persists in DATA_DIR.
    const fresh = await storage.presignPut('audio/origin/x/fresh_1.wav', 'audio/wav');
    expect((await putTo({ presigned_url: fresh.url, headers: fresh.headers }, FILES.wav)).status).toBe(200);
  });

  it('refuses a body above the audio limit with 413', async () => {
    const res = await app.call<Presigned>('GET', `/aws/presigned_url${audioQuery(A)}`, { token: users.customer.token });
    const url = new URL(local(res.body.data.presigned_url));
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, {
        method: 'PUT',
        headers: { 'content-type': 'audio/wav', 'content-length': String(AUDIO_MAX_BYTES + 1) },
      });
      req.on('response', (r) => {
        let body = '';
        r.on('data', (c) => {
          body += c;
        });
        r.on('end', () => {
          resolve({ status: r.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write(FILES.wav);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ code: 413, msg: MSG.fileTooLarge, data: null });
    expect((await fetch(await signed(res.body.data.key))).status).toBe(404);
  });

  it('refuses a body that cannot be audio by its first bytes with 400, writing nothing; the link stays usable', async () => {
    const res = await app.call<Presigned>('GET', `/aws/presigned_url${audioQuery(A)}`, { token: users.customer.token });
    const p = res.body.data;
    for (const [what, body] of [
      ['a PNG', FILES.png],
      ['text', FILES.text],
      ['an empty body', Buffer.alloc(0)],
    ] as const) {
      const put = await putTo(p, body);
      expect({ what, status: put.status, body: await put.json() }).toEqual({
        what,
        status: 400,
        body: { code: 400, msg: MSG.notAudio, data: null },
      });
      expect((await fetch(await signed(p.key))).status).toBe(404);
    }
    // Nothing was written, so the same link then takes the real file.
    expect((await putTo(p, FILES.wav)).status).toBe(200);
    expect(sha(await (await fetch(await signed(p.key))).arrayBuffer())).toBe(sha(FILES.wav));
  });

  it('answers the refusal from the first bytes, while the rest of a large body is still unsent', async () => {
    const res = await app.call<Presigned>('GET', `/aws/presigned_url${audioQuery(A)}`, { token: users.customer.token });
    const url = new URL(local(res.body.data.presigned_url));
    // 50 MB announced, 64 KB of text sent: the answer comes without waiting for the rest.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, {
        method: 'PUT',
        headers: { 'content-type': 'audio/wav', 'content-length': String(50 * 1024 * 1024) },
      });
      req.on('response', (r) => {
        let body = '';
        r.on('data', (c) => {
          body += c;
        });
        r.on('end', () => {
          resolve({ status: r.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write(Buffer.from('Not audio, only words. '.repeat(3000)));
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ code: 400, msg: MSG.notAudio, data: null });
    expect((await fetch(await signed(res.body.data.key))).status).toBe(404);
  });

  it('judges the first bytes even when they arrive in pieces, and stores the whole file', async () => {
    const res = await app.call<Presigned>('GET', `/aws/presigned_url${audioQuery(A)}`, { token: users.customer.token });
    const url = new URL(local(res.body.data.presigned_url));
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(url, {
        method: 'PUT',
        headers: { 'content-type': 'audio/wav', 'content-length': String(FILES.wav.length) },
      });
      req.on('response', (r) => {
        r.resume();
        r.on('end', () => resolve(r.statusCode ?? 0));
      });
      req.on('error', reject);
      // 'RI', then 'FF' and the size, then the rest: three packets, the sniff needs the first two and a part.
      req.write(FILES.wav.subarray(0, 2));
      setTimeout(() => req.write(FILES.wav.subarray(2, 8)), 50);
      setTimeout(() => req.end(FILES.wav.subarray(8)), 100);
    });
    expect(status).toBe(200);
    expect(sha(await (await fetch(await signed(res.body.data.key))).arrayBuffer())).toBe(sha(FILES.wav));
  });

  it('keeps the signing secret in DATA_DIR/storage-secret, readable by the owner only', async () => {
    const info = await stat(path.join(dataDir, 'storage-secret'));
    expect(info.mode & 0o777).toBe(0o600);
    // No half-written files are left behind.
    expect(await readdir(path.join(dataDir, 'files', '.tmp'))).toEqual([]);
  });
});

describe('GET /files/{key}', () => {
  it('rejects a path that would leave the files folder with 400', async () => {
    // Sent as is (fetch would resolve the dots before sending).
    const bad = [
      '../storage-secret',
      '%2e%2e/storage-secret',
      'a/..%2F..%2Fstorage-secret',
      '%2Fetc%2Fpasswd',
      'a%5C..%5Cb',
      'a\\b',
      '.tmp/x',
      'a//b',
      'a/./b',
    ];
    for (const path of bad) {
      for (const method of ['GET', 'PUT']) {
        const res = await raw(method, `/files/${path}?expires=9999999999&ct=audio%2Fwav&sig=00`);
        expect({ path, method, ...res }).toEqual({
          path,
          method,
          status: 400,
          body: { code: 400, msg: 'The file path is not valid', data: null },
        });
      }
    }
  });

  it('answers 404 for a file that does not exist', async () => {
    expectError((await raw('GET', '/files/audio/none.wav')) as Reply<unknown>, 404, MSG.notFound);
  });
});

describe('POST /api/v1/admin/aws/presigned {key}', () => {
  const route = '/api/v1/admin/aws/presigned';
  const productKey = () => `images/origin/products/additional/${A.product.id}_${Date.now()}.png`;

  it('is for admins (and the atk operator for retailer images); a customer gets 403', async () => {
    expectError(await app.call('POST', route, { body: { key: productKey() } }), 401, MSG.unauthorized);
    expectError(
      await app.call('POST', route, { body: { key: productKey() }, token: users.customer.token }),
      403,
      MSG.forbidden,
    );
    expectError(
      await app.call('POST', route, { body: { key: productKey() }, token: users.atk.token }),
      403,
      MSG.forbidden,
    );
    const retailer = await app.call<Presigned>('POST', route, {
      body: { key: `images/origin/retailers/r1_${Date.now()}.jpg` },
      token: users.atk.token,
    });
    expectOk(retailer);
    expect(retailer.body.data.headers).toEqual({ 'content-type': 'image/jpeg' });
  });

  it('refuses a key outside the image patterns with 400, and a product that does not exist with 404', async () => {
    const msg = 'key must be images/origin/{products|retailers}/…_{timestamp}.{jpg|jpeg|png|webp|gif}';
    for (const key of [
      'audio/origin/x_1.wav',
      'images/origin/products/../../x_1.png',
      `images/origin/products/a_${Date.now()}.svg`,
      '/etc/passwd',
    ])
      expectError(await app.call('POST', route, { body: { key }, token: users.global_admin.token }), 400, msg);
    expectError(await app.call('POST', route, { body: {}, token: users.global_admin.token }), 400, 'key is required');
    const missing = `images/origin/products/additional/${crypto.randomUUID()}_${Date.now()}.png`;
    expectError(
      await app.call('POST', route, { body: { key: missing }, token: users.global_admin.token }),
      404,
      MSG.productNotFound,
    );
  });

  it('answers a link the image is PUT to, readable at its url; a key is written once', async () => {
    const key = productKey();
    const res = await app.call<Presigned>('POST', route, { body: { key }, token: users.super_admin.token });
    expectOk(res);
    expect(res.body.data).toMatchObject({
      key,
      url: `http://portal.test/files/${key}`,
      headers: { 'content-type': 'image/png' },
    });
    expect((await putTo(res.body.data, FILES.png)).status).toBe(200);
    expect((await putTo(res.body.data, FILES.gif)).status).toBe(412);
    const got = await fetch(local(res.body.data.url));
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(sha(await got.arrayBuffer())).toBe(sha(FILES.png));
    expectError(
      await app.call('POST', route, { body: { key }, token: users.super_admin.token }),
      409,
      UPLOAD_MSG.keyInUse,
    );
  });
});

describe('POST /upload/images (multipart)', () => {
  const fields = (c = A, over: Record<string, string> = {}) => ({
    model: 'products',
    id: c.product.id,
    type: 'thumbnail',
    index: '0',
    ...over,
  });

  it('needs a token, is for brand staff and admins (atk → 403); /admin/upload/images for admins only', async () => {
    const file = { name: 'a.png', data: FILES.png };
    expectError(await postForm(app, '/upload/images', { fields: fields(), file }), 401, MSG.unauthorized);
    expectError(
      await postForm(app, '/upload/images', { fields: fields(), file, token: users.atk.token }),
      403,
      MSG.forbidden,
    );
    expectError(
      await postForm(app, '/admin/upload/images', { fields: fields(), file, token: users.customer.token }),
      403,
      MSG.forbidden,
    );
    expectOk(
      await postForm(app, '/admin/upload/images', { fields: fields(B), file, token: users.global_admin.token }),
      MSG.uploadSuccess,
    );
  });

  it("gives a customer 404 for another brand's product", async () => {
    const res = await postForm(app, '/upload/images', {
      fields: fields(B),
      file: { name: 'a.png', data: FILES.png },
      token: users.customer.token,
    });
    expectError(res, 404, MSG.productNotFound);
  });

  it('refuses a picture over 2 MB with the spec message; exactly 2 MB is fine', async () => {
    const big = Buffer.concat([FILES.jpeg, Buffer.alloc(IMAGE_MAX_BYTES + 1 - FILES.jpeg.length)]);
    const res = await postForm(app, '/upload/images', {
      fields: fields(),
      file: { name: 'big.jpg', data: big },
      token: users.customer.token,
    });
    expectError(res, 400, 'The size of the uploaded picture cannot exceed 2MB!');
    const max = big.subarray(0, IMAGE_MAX_BYTES);
    expectOk(
      await postForm(app, '/upload/images', {
        fields: fields(),
        file: { name: 'max.jpg', data: max },
        token: users.customer.token,
      }),
      MSG.uploadSuccess,
    );
  });

  it('refuses a file that is not an image, whatever its name and type claim', async () => {
    for (const data of [FILES.text, FILES.pdf, FILES.svg, FILES.wav, Buffer.alloc(0)]) {
      const res = await postForm(app, '/upload/images', {
        fields: fields(),
        file: { name: 'photo.png', data, type: 'image/png' },
        token: users.customer.token,
      });
      expectError(res, 400, MSG.notImage);
    }
  });

  it('checks the fields with exact messages', async () => {
    const token = users.customer.token;
    const file = { name: 'a.png', data: FILES.png };
    const cases: [Record<string, string>, string][] = [
      [fields(A, { type: 'banner' }), 'type must be one of: thumbnail, large, additional, group_360'],
      [fields(A, { model: 'users' }), 'model must be one of: products'],
      [fields(A, { id: 'x' }), 'id must be a valid id'],
      [fields(A, { index: '-1' }), 'index must be at least 0'],
      [fields(A, { index: 'two' }), 'index must be a number'],
      [{ model: 'products', type: 'large' }, 'id is required'],
    ];
    for (const [f, msg] of cases)
      expectError(await postForm(app, '/upload/images', { fields: f, file, token }), 400, msg);
    expectError(await postForm(app, '/upload/images', { fields: fields(), token }), 400, UPLOAD_MSG.fileRequired);
    expectError(await app.call('POST', '/upload/images', { body: fields(), token }), 400, UPLOAD_MSG.notMultipart);
    // Any other body type too (docs/api.md), not the JSON API's 415.
    for (const type of ['text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded', 'image/png']) {
      const res = await fetch(`${app.url}/api/v1/atk_player/upload/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        body: type === 'image/png' ? FILES.png : 'model=products',
      });
      expect({ type, status: res.status, body: await res.json() }).toEqual({
        type,
        status: 400,
        body: { code: 400, msg: UPLOAD_MSG.notMultipart, data: null },
      });
    }
  });

  it('stores each image kind under the product and answers record.photo', async () => {
    const token = users.customer.token;
    for (const [kind, data, ext, type] of [
      ['png', FILES.png, 'png', 'image/png'],
      ['jpeg', FILES.jpeg, 'jpg', 'image/jpeg'],
      ['gif', FILES.gif, 'gif', 'image/gif'],
      ['webp', FILES.webp, 'webp', 'image/webp'],
    ] as const) {
      // The stored type is what the bytes are, not what the name says.
      const res = await postForm(app, '/upload/images', {
        fields: fields(A, { type: 'group_360', index: '3' }),
        file: { name: `C:\\pics\\${kind}.png`, data },
        token,
      });
      expectOk(res, MSG.uploadSuccess);
      const photo = res.body.data?.photo;
      expect(photo?.key).toMatch(new RegExp(`^images/origin/products/${A.product.id}/group_360_3_\\d{13}\\.${ext}$`));
      expect(photo?.name).toBe(`${kind}.png`);
      expect(photo?.url).toBe(`http://portal.test/files/${photo?.key}`);
      const got = await fetch(local(photo?.url ?? ''));
      expect(got.headers.get('content-type')).toBe(type);
      expect(sha(await got.arrayBuffer())).toBe(sha(data));
    }
  });
});

describe('POST /upload/files (multipart, frequency graph)', () => {
  const fields = (c = A) => ({ model: 'products', id: c.product.id, type: 'frequency' });

  it('needs a token, is for brand staff and admins, and keeps a customer to its brand', async () => {
    const file = { name: 'graph.png', data: FILES.png };
    expectError(await postForm(app, '/upload/files', { fields: fields(), file }), 401, MSG.unauthorized);
    expectError(
      await postForm(app, '/upload/files', { fields: fields(), file, token: users.atk.token }),
      403,
      MSG.forbidden,
    );
    expectError(
      await postForm(app, '/admin/upload/files', { fields: fields(), file, token: users.customer.token }),
      403,
      MSG.forbidden,
    );
    expectError(
      await postForm(app, '/upload/files', { fields: fields(B), file, token: users.customer.token }),
      404,
      MSG.productNotFound,
    );
    expectOk(
      await postForm(app, '/upload/files', { fields: fields(B), file, token: customerB.token }),
      MSG.uploadSuccess,
    );
  });

  it('refuses what is not a graph, SVG with script, a wrong type, and more than 10 MB', async () => {
    const token = users.customer.token;
    for (const data of [FILES.text, FILES.pdf, FILES.wav])
      expectError(
        await postForm(app, '/upload/files', { fields: fields(), file: { name: 'g.svg', data }, token }),
        400,
        UPLOAD_MSG.notGraph,
      );
    for (const svg of [
      '<svg><script>alert(1)</script></svg>',
      '<svg onload="alert(1)"></svg>',
      '<svg><a href="javascript:alert(1)">x</a></svg>',
    ])
      expectError(
        await postForm(app, '/upload/files', {
          fields: fields(),
          file: { name: 'g.svg', data: Buffer.from(svg) },
          token,
        }),
        400,
        UPLOAD_MSG.svgActive,
      );
    expectError(
      await postForm(app, '/upload/files', {
        fields: { ...fields(), type: 'manual' },
        file: { name: 'g.png', data: FILES.png },
        token,
      }),
      400,
      'type must be one of: frequency',
    );
    const big = Buffer.concat([FILES.png, Buffer.alloc(10 * 1024 * 1024)]);
    expectError(
      await postForm(app, '/upload/files', { fields: fields(), file: { name: 'g.png', data: big }, token }),
      413,
      MSG.fileTooLarge,
    );
  });

  it('stores an SVG graph, served sandboxed, and answers record.audio', async () => {
    const res = await postForm(app, '/upload/files', {
      fields: fields(),
      file: { name: 'response.svg', data: FILES.svg },
      token: users.customer.token,
    });
    expectOk(res, MSG.uploadSuccess);
    const audio = res.body.data?.audio;
    expect(audio?.key).toMatch(new RegExp(`^files/products/${A.product.id}/frequency_\\d{13}\\.svg$`));
    expect(audio?.name).toBe('response.svg');
    const got = await fetch(local(audio?.url ?? ''));
    expect(got.headers.get('content-type')).toBe('image/svg+xml');
    expect(got.headers.get('content-security-policy')).toContain('sandbox');
    expect(got.headers.get('content-disposition')).toBe('attachment');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    // Stored as the sanitiser wrote it: the same drawing.
    expect(await got.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L10 10"/></svg>\n',
    );
  });

  it('makes the SVG payloads that slip past a filter harmless (sanitised with DOMPurify)', async () => {
    const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
    const payloads = [
      `<svg ${NS}><a xlink:href="jav&#x61;script:alert(1)"><rect width="5" height="5"/></a></svg>`,
      `<svg ${NS}><a href="&#106;avascript:alert(1)"><rect width="5" height="5"/></a></svg>`,
      `<svg ${NS}><rect width="5" height="5"><set attributeName="onmouseover" to="alert(1)"/></rect></svg>`,
      `<svg ${NS}><use href="data:image/svg+xml;base64,${Buffer.from(
        '<svg id="x" xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ).toString('base64')}#x"/><rect width="5" height="5"/></svg>`,
    ];
    for (const svg of payloads) {
      const res = await postForm(app, '/upload/files', {
        fields: fields(),
        file: { name: 'g.svg', data: Buffer.from(svg) },
        token: users.customer.token,
      });
      expectOk(res, MSG.uploadSuccess);
      const stored = await (await fetch(local(res.body.data?.audio.url ?? ''))).text();
      // The drawing stays; nothing that could run does, in any encoding.
      expect(stored).toContain('<rect width="5" height="5"/>');
      expect(stored, svg).not.toMatch(/javascript|&#|<set|<use|onmouseover|data:|href=/i);
    }
  });
});
