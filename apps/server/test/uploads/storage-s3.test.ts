/**
 * The S3 storage against a real S3-protocol server (s3rver, on 127.0.0.1 with a temporary directory), and the
 * upload endpoints once with it.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { IMAGE_MAX_BYTES, MSG } from '@atk/contract';
import { GetObjectAclCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../../src/config.ts';
import { loadConfig } from '../../src/config.ts';
import { assertPlayableAudio } from '../../src/modules/audio/service.ts';
import { mediaTools, runTool } from '../../src/platform/media/index.ts';
import { createStorage, ObjectNotFound, storageOrigins } from '../../src/platform/storage/index.ts';
import { READ_URL_SECONDS } from '../../src/platform/storage/keys.ts';
import { publicBase, type S3Storage } from '../../src/platform/storage/s3.ts';
import { expectOk } from '../support/assertions.ts';
import { shortTake, sine, wav as sineWav } from '../support/audio.ts';
import { makeBrand, makeUser, startTestApp, type TestApp } from '../support/harness.ts';
import { FILES, makeContent, postForm } from '../support/uploads.ts';

const BUCKET = 'atk-test';
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
  get(header: string): string;
}
let server: S3rver;
let dir: string;
let s3: S3Config;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atk-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  // AWS S3 (since 2024) refuses a PUT with `If-None-Match: *` when the key exists (412 PreconditionFailed);
  // s3rver 3.7 only knows the header on GET, so the test double does what S3 does, ahead of s3rver's routes.
  const store = (server as unknown as { store: { existsObject(b: string, k: string): Promise<boolean> } }).store;
  const koa = server as unknown as { middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[] };
  koa.middleware.unshift(objectAcls(store));
  koa.middleware.unshift(async (ctx, next) => {
    if (ctx.method === 'PUT' && ctx.get('if-none-match') === '*') {
      const [bucket, ...rest] = decodeURIComponent(ctx.path).replace(/^\//, '').split('/');
      if (rest.length > 0 && (await store.existsObject(bucket, rest.join('/')))) {
        ctx.status = 412;
        ctx.type = 'application/xml';
        ctx.body =
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>';
        return;
      }
    }
    await next();
  });
  const { port } = (await server.run()) as AddressInfo;
  s3 = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: undefined,
    forcePathStyle: true,
    acl: 'public-read',
  };
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * s3rver 3.7 serves every object to anyone and stubs ACLs; the test double keeps S3's canned-ACL rules, ahead of
 * s3rver's routes: each object has the ACL it was written with (`x-amz-acl`, else `private`), `PUT ?acl` changes
 * it, `GET ?acl` answers it (an AllUsers READ grant for public-read), and an anonymous GET or HEAD of an existing
 * object that is not public-read is refused (403 AccessDenied). A signed request (header or presigned query) is the
 * owner's and reads anything.
 */
function objectAcls(store: { existsObject(b: string, k: string): Promise<boolean> }) {
  const acls = new Map<string, string>();
  const xml = (ctx: KoaContext, status: number, body: string) => {
    ctx.status = status;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>${body}`;
  };
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const [bucket, ...rest] = decodeURIComponent(ctx.path).replace(/^\//, '').split('/');
    const key = rest.join('/');
    if (!key) return next();
    const id = `${bucket}/${key}`;
    const signed = Boolean(ctx.get('authorization') || ctx.query['X-Amz-Algorithm'] || ctx.query.Signature);
    const cannedAcl = () => ctx.get('x-amz-acl') || String(ctx.query['x-amz-acl'] ?? '') || 'private';
    if ('acl' in ctx.query) {
      if (!(await store.existsObject(bucket, key)))
        return xml(
          ctx,
          404,
          '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
        );
      if (ctx.method === 'PUT') {
        acls.set(id, cannedAcl());
        ctx.status = 200;
        ctx.body = '';
        return;
      }
      const everyone =
        acls.get(id) === 'public-read'
          ? '<Grant><Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="Group"><URI>http://acs.amazonaws.com/groups/global/AllUsers</URI></Grantee><Permission>READ</Permission></Grant>'
          : '';
      return xml(
        ctx,
        200,
        `<AccessControlPolicy xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Owner><ID>owner</ID></Owner><AccessControlList><Grant><Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="CanonicalUser"><ID>owner</ID></Grantee><Permission>FULL_CONTROL</Permission></Grant>${everyone}</AccessControlList></AccessControlPolicy>`,
      );
    }
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && !signed && acls.get(id) !== 'public-read') {
      if (await store.existsObject(bucket, key))
        return xml(ctx, 403, '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
    }
    await next();
    if (ctx.method === 'PUT' && ctx.status === 200 && !('uploadId' in ctx.query)) acls.set(id, cannedAcl());
    if (ctx.method === 'DELETE') acls.delete(id);
  };
}

const sha = (b: Buffer | ArrayBuffer) =>
  createHash('sha256')
    .update(Buffer.from(b as ArrayBuffer))
    .digest('hex');
const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
};

describe('S3 settings', () => {
  it('are read from S3_* (path style by default when an endpoint is given)', () => {
    const env = {
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    };
    expect(loadConfig(env).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      publicUrl: undefined,
      forcePathStyle: true,
      acl: 'public-read',
    });
    expect(loadConfig({ ...env, S3_ACL: 'none' }).s3?.acl).toBeNull();
    expect(() => loadConfig({ ...env, S3_ACL: 'private' })).toThrow('S3_ACL must be public-read or none');
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      forcePathStyle: false,
      region: 'eu-west-1',
    });
    expect(loadConfig({ S3_BUCKET: 'media' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ S3_ENDPOINT: 'http://minio:9000' }).s3).toBeNull();
  });

  it('make public URLs from S3_PUBLIC_URL, else the endpoint, else AWS', () => {
    const base = { ...s3, endpoint: 'http://minio:9000' };
    expect(publicBase(base)).toBe('http://minio:9000/atk-test');
    expect(publicBase({ ...base, forcePathStyle: false })).toBe('http://atk-test.minio:9000');
    expect(publicBase({ ...base, publicUrl: 'https://cdn.example.com/media' })).toBe('https://cdn.example.com/media');
    expect(publicBase({ ...base, endpoint: undefined, region: 'eu-west-1' })).toBe(
      'https://atk-test.s3.eu-west-1.amazonaws.com',
    );
    const config = { ...loadConfig({}), s3: { ...base, publicUrl: 'https://cdn.example.com/media' } };
    expect(storageOrigins(config)).toEqual(['http://minio:9000', 'https://cdn.example.com']);
    // Presigned reads of originals go to the store itself, behind a CDN too.
    const aws = { ...loadConfig({}), s3: { ...base, endpoint: undefined, publicUrl: 'https://cdn.example.com/media' } };
    expect(storageOrigins(aws)).toEqual(['https://cdn.example.com', 'https://atk-test.s3.us-east-1.amazonaws.com']);
  });
});

describe('S3Storage on s3rver', () => {
  let storage: S3Storage;
  beforeAll(async () => {
    const made = await createStorage({ ...loadConfig({}), s3 });
    expect(made.kind).toBe('s3');
    storage = made as S3Storage;
  });
  /** Whether the object's ACL (GetObjectAcl) grants READ to everyone. */
  const everyoneMayRead = async (key: string) => {
    const acl = await storage.client.send(new GetObjectAclCommand({ Bucket: BUCKET, Key: key }));
    return (acl.Grants ?? []).some(
      (g) => g.Grantee?.URI === 'http://acs.amazonaws.com/groups/global/AllUsers' && g.Permission === 'READ',
    );
  };

  it('presigns a PUT the browser sends with content-type and the public-read ACL; the file reads back', async () => {
    const key = `images/origin/products/p1/large_0_${Date.now()}.wav`;
    const { url, headers } = await storage.presignPut(key, 'audio/wav', 600);
    expect(headers).toEqual({ 'content-type': 'audio/wav', 'x-amz-acl': 'public-read', 'if-none-match': '*' });
    const signed = new URL(url);
    expect(signed.origin).toBe(s3.endpoint);
    expect(signed.pathname).toBe(`/${BUCKET}/${key}`);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('600');
    // The ACL is a signed header: a PUT without it does not match the signature.
    expect(signed.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('x-amz-acl');
    // So is the condition that makes the link single-use.
    expect(signed.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('if-none-match');
    expect(signed.searchParams.has('x-amz-checksum-crc32')).toBe(false);

    const put = await fetch(url, { method: 'PUT', headers, body: FILES.wav });
    expect(put.status).toBe(200);
    expect(await storage.head(key)).toEqual({ size: FILES.wav.length, contentType: 'audio/wav' });
    // Single-use: the same link again is refused and the file stays. (Leaving the header out breaks the
    // signature on S3, as it is a signed header, see above; s3rver does not check signed headers.)
    const again = await fetch(url, { method: 'PUT', headers, body: Buffer.from('RIFF replaced') });
    expect(again.status).toBe(412);
    await again.arrayBuffer();
    expect(await storage.head(key)).toEqual({ size: FILES.wav.length, contentType: 'audio/wav' });
    expect(sha(await text(await storage.get(key)))).toBe(sha(FILES.wav));

    expect(storage.publicUrl(key)).toBe(`${s3.endpoint}/${BUCKET}/${key}`);
    expect(await storage.readUrl(key)).toBe(storage.publicUrl(key));
    const got = await fetch(storage.publicUrl(key));
    expect(got.status).toBe(200);
    expect(sha(await got.arrayBuffer())).toBe(sha(FILES.wav));
    expect(await everyoneMayRead(key)).toBe(true);
  });

  it('writes originals without public-read: anonymous reads are refused, a presigned GET reads them', async () => {
    const key = `audio/origin/p1/i1_${Date.now()}.wav`;
    // The browser's upload link carries no ACL for an original (the bucket's default: private).
    const { url, headers } = await storage.presignPut(key, 'audio/wav', 600);
    expect(headers).toEqual({ 'content-type': 'audio/wav', 'if-none-match': '*' });
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).not.toContain('x-amz-acl');
    expect((await fetch(url, { method: 'PUT', headers, body: FILES.wav })).status).toBe(200);
    // Nor does the server's own write of one (the demo's masters).
    const written = `audio/origin/p1/i2_${Date.now()}.wav`;
    await storage.put(written, FILES.wav, 'audio/wav');
    for (const k of [key, written]) {
      expect(await everyoneMayRead(k)).toBe(false);
      const anonymous = await fetch(storage.publicUrl(k));
      expect(anonymous.status).toBe(403);
      await anonymous.arrayBuffer();
      const signed = await storage.readUrl(k);
      const link = new URL(signed);
      expect(link.origin + link.pathname).toBe(`${s3.endpoint}/${BUCKET}/${k}`);
      expect(link.searchParams.get('X-Amz-Expires')).toBe(String(READ_URL_SECONDS));
      const got = await fetch(signed);
      expect(got.status).toBe(200);
      expect(sha(await got.arrayBuffer())).toBe(sha(FILES.wav));
      expect(storage.keyOf(signed)).toBe(k);
    }
    // Processed MP3s stay public.
    const mp3 = `audio/processed/p1/i1_${Date.now()}.mp3`;
    await storage.put(mp3, Buffer.alloc(1000, 1), 'audio/mpeg');
    expect(await everyoneMayRead(mp3)).toBe(true);
    const open = await fetch(storage.publicUrl(mp3));
    expect(open.status).toBe(200);
    await open.arrayBuffer();
  });

  it('npm run storage:private-originals makes originals written public-read before private, and leaves the rest', async () => {
    // An original as the earlier version wrote it, and a processed MP3.
    const old = `audio/origin/p9/i9_${Date.now()}.wav`;
    await storage.client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: old, Body: FILES.wav, ContentType: 'audio/wav', ACL: 'public-read' }),
    );
    const mp3 = `audio/processed/p9/i9_${Date.now()}.mp3`;
    await storage.put(mp3, Buffer.alloc(1000, 1), 'audio/mpeg');
    expect(await everyoneMayRead(old)).toBe(true);
    const before = await fetch(storage.publicUrl(old));
    expect(before.status).toBe(200);
    await before.arrayBuffer();

    const env = {
      ...process.env,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const run = () =>
      promisify(execFile)('npm', ['run', '--silent', 'storage:private-originals'], { cwd: SERVER_DIR, env });
    const { stdout } = await run();
    expect(stdout).toContain(`private: ${old}`);
    expect(stdout).not.toContain(mp3);
    expect(await everyoneMayRead(old)).toBe(false);
    const after = await fetch(storage.publicUrl(old));
    expect(after.status).toBe(403);
    await after.arrayBuffer();
    const read = await fetch(await storage.readUrl(old));
    expect(sha(await read.arrayBuffer())).toBe(sha(FILES.wav));
    expect(await everyoneMayRead(mp3)).toBe(true);
    // Once more changes nothing and still succeeds.
    expect((await run()).stdout).toMatch(/\d+ originals? made private in bucket atk-test/);
    expect(await everyoneMayRead(old)).toBe(false);
  }, 60_000);

  it('with S3_ACL=none (a bucket whose ACLs are disabled) sends no ACL at all', async () => {
    const plain = (await createStorage({ ...loadConfig({}), s3: { ...s3, acl: null } })) as S3Storage;
    const key = `audio/origin/p1/i1_noacl_${Date.now()}.wav`;
    const { url, headers } = await plain.presignPut(key, 'audio/wav', 600);
    expect(headers).toEqual({ 'content-type': 'audio/wav', 'if-none-match': '*' });
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).not.toContain('x-amz-acl');
    expect((await fetch(url, { method: 'PUT', headers, body: FILES.wav })).status).toBe(200);
    await plain.put(`${key}.copy`, FILES.wav, 'audio/wav');
    expect(await plain.head(`${key}.copy`)).toEqual({ size: FILES.wav.length, contentType: 'audio/wav' });
  });

  it('puts buffers and streams, deletes, and says when an object is missing', async () => {
    const key = `images/origin/products/p1/thumbnail_0_${Date.now()}.png`;
    await storage.put(key, FILES.png, 'image/png');
    expect(await storage.head(key)).toEqual({ size: FILES.png.length, contentType: 'image/png' });
    const streamed = `audio/processed/p1/i1_${Date.now()}.mp3`;
    const big = Buffer.alloc(3 * 1024 * 1024, 5);
    await storage.put(streamed, Readable.from([big.subarray(0, 1000), big.subarray(1000)]), 'audio/mpeg');
    expect(await storage.head(streamed)).toEqual({ size: big.length, contentType: 'audio/mpeg' });
    expect(sha(await text(await storage.get(streamed)))).toBe(sha(big));

    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFound);
    await storage.delete(key);
  });

  it('finds the key behind its public URLs, and refuses keys that leave the bucket', async () => {
    const key = 'audio/processed/p1/i1_1.mp3';
    expect(storage.keyOf(storage.publicUrl(key))).toBe(key);
    expect(storage.keyOf(`${storage.publicUrl(key)}?v=1`)).toBe(key);
    expect(storage.keyOf(key)).toBe(key);
    expect(storage.keyOf('https://elsewhere.example/atk-test/audio/x.mp3')).toBeNull();
    expect(storage.keyOf(`${s3.endpoint}/${BUCKET}/../secret`)).toBeNull();
    expect(() => storage.publicUrl('../x')).toThrow();
    await expect(storage.presignPut('a/../../b', 'audio/wav')).rejects.toThrow();
  });

  it('the attach-time probe reads a 3-hour FLAC from the bucket as a stream and refuses it at once', async () => {
    const flac = path.join(dir, 'three-hours.flac');
    await runTool(mediaTools().ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '10800', '-c:a', 'flac', flac],
    ]);
    const key = `audio/origin/p1/i1_long_${Date.now()}.flac`;
    await storage.put(key, await readFile(flac), 'audio/flac');
    const started = performance.now();
    await expect(assertPlayableAudio(storage, key, 900)).rejects.toMatchObject({
      code: 400,
      message: MSG.audioTooLong.replace('{minutes}', '15'),
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await storage.head(key)).toBeNull();
    const wav = `audio/origin/p1/i1_ok_${Date.now()}.wav`;
    await storage.put(
      wav,
      sineWav(sine({ freq: 440, dbfs: -18, seconds: 1, sampleRate: 48000, channels: 1 }), 48000),
      'audio/wav',
    );
    await expect(assertPlayableAudio(storage, wav, 900)).resolves.toBeUndefined();
  });
});

describe('the upload endpoints with S3', () => {
  let app: TestApp;
  let dataDir: string;
  let token: string;
  let content: Awaited<ReturnType<typeof makeContent>>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'atk-s3-app-'));
    app = await startTestApp({ dataDir, s3 });
    const brand = await makeBrand(app.db);
    content = await makeContent(app, brand.id);
    token = (await makeUser(app, 'customer', { brandId: brand.id })).token;
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('presigns source audio straight to the bucket; the PUT lands and the url serves it', async () => {
    const q = new URLSearchParams({
      mine_type: 'flac',
      product_id: content.product.id,
      song_id: content.song.id,
      instrument_id: content.instrument.id,
    });
    const res = await app.call<{ presigned_url: string; url: string; key: string; headers: Record<string, string> }>(
      'GET',
      `/aws/presigned_url?${q}`,
      { token },
    );
    expectOk(res);
    const p = res.body.data;
    expect(p.presigned_url.startsWith(`${s3.endpoint}/${BUCKET}/audio/origin/${content.product.id}/`)).toBe(true);
    expect(p.url).toBe(`${s3.endpoint}/${BUCKET}/${p.key}`);
    // An original: uploaded without public-read.
    expect(p.headers).toEqual({ 'content-type': 'audio/flac', 'if-none-match': '*' });
    // A real WAV: the save probes the stored file (docs/api.md "Audio refused at attach time").
    const take = shortTake();
    expect((await fetch(p.presigned_url, { method: 'PUT', headers: p.headers, body: take })).status).toBe(200);
    const again = await fetch(p.presigned_url, { method: 'PUT', headers: p.headers, body: FILES.png });
    expect(again.status).toBe(412);
    await again.arrayBuffer();
    const anonymous = await fetch(p.url);
    expect(anonymous.status).toBe(403);
    await anonymous.arrayBuffer();
    // Saved, the product read answers a presigned GET of it (the brand's own customer).
    const saved = await app.call<{ audio: { original_url: string; url: string }[] }>(
      'PUT',
      `/products/${content.product.id}`,
      {
        token,
        body: {
          type: 'audio',
          content: { song_id: content.song.id, instrument_id: content.instrument.id, url: p.key, name: 'take.flac' },
        },
      },
    );
    expectOk(saved, MSG.uploadSuccess);
    const read = await app.call<{ audio: { original_url: string; url: string }[] }>(
      'GET',
      `/products/${content.product.id}`,
      { token },
    );
    const original = read.body.data.audio[0].original_url;
    expect(original.startsWith(`${p.url}?`)).toBe(true);
    expect(new URL(original).searchParams.get('X-Amz-Expires')).toBe(String(READ_URL_SECONDS));
    expect(sha(await (await fetch(original)).arrayBuffer())).toBe(sha(take));
    // The server's own /files routes are not there when files live in S3.
    const local = await fetch(`${app.url}/files/${p.key}`);
    expect(local.headers.get('content-type')).not.toBe('audio/flac');
    await local.arrayBuffer();
  });

  it('a bucket takes any bytes, so the save refuses a file that cannot be audio and removes it from the bucket', async () => {
    const q = new URLSearchParams({
      mine_type: 'wav',
      product_id: content.product.id,
      song_id: content.song.id,
      instrument_id: content.instrument.id,
    });
    const res = await app.call<{ presigned_url: string; url: string; key: string; headers: Record<string, string> }>(
      'GET',
      `/aws/presigned_url?${q}`,
      { token },
    );
    const p = res.body.data;
    expect((await fetch(p.presigned_url, { method: 'PUT', headers: p.headers, body: FILES.text })).status).toBe(200);
    const saved = await app.call('PUT', `/products/${content.product.id}`, {
      token,
      body: {
        type: 'audio',
        content: { song_id: content.song.id, instrument_id: content.instrument.id, url: p.key, name: 'notes.wav' },
      },
    });
    expect(saved.status).toBe(400);
    expect(saved.body).toEqual({ code: 400, msg: MSG.notAudio, data: null });
    const gone = await fetch(p.url);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
  });

  it('a presigned PUT to S3 cannot bound its size, so a retailer logo over 2 MB is refused at the save and removed', async () => {
    const atk = (await makeUser(app, 'atk')).token;
    const made = await app.call<{ _id: string }>('POST', '/api/v1/admin/retailers', { token: atk, body: {} });
    expectOk(made, MSG.createSuccess);
    const id = made.body.data._id;
    const logo = async (body: Buffer) => {
      const res = await app.call<{ presigned_url: string; url: string; key: string; headers: Record<string, string> }>(
        'POST',
        '/api/v1/admin/aws/presigned',
        { token: atk, body: { key: `images/origin/retailers/${id}_${Date.now()}.png` } },
      );
      expectOk(res);
      const p = res.body.data;
      expect((await fetch(p.presigned_url, { method: 'PUT', headers: p.headers, body })).status).toBe(200);
      const saved = await app.call('PUT', `/api/v1/admin/retailers/${id}`, {
        token: atk,
        body: { name: 'Shop', status: '1', retailer_image: { url: p.url, key: p.key, createdAt: '' } },
      });
      return { p, saved };
    };
    const big = await logo(Buffer.concat([FILES.png, Buffer.alloc(IMAGE_MAX_BYTES + 1 - FILES.png.length, 1)]));
    expect(big.saved.body).toEqual({ code: 400, msg: MSG.pictureTooLarge, data: null });
    const gone = await fetch(big.p.url);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
    const small = await logo(FILES.png);
    expectOk(small.saved, MSG.saveRetailerSuccess);
    expect((small.saved.body.data as { retailer_image: { url: string } }).retailer_image.url).toBe(small.p.url);
  });

  it('stores a multipart image and a frequency graph in the bucket', async () => {
    const fields = { model: 'products', id: content.product.id, type: 'large', index: '0' };
    const image = await postForm(app, '/upload/images', {
      fields,
      file: { name: 'large.png', data: FILES.png },
      token,
    });
    expectOk(image, MSG.uploadSuccess);
    const photo = image.body.data?.photo;
    expect(photo?.url).toBe(`${s3.endpoint}/${BUCKET}/${photo?.key}`);
    const got = await fetch(photo?.url ?? '');
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(sha(await got.arrayBuffer())).toBe(sha(FILES.png));

    const graph = await postForm(app, '/upload/files', {
      fields: { model: 'products', id: content.product.id, type: 'frequency' },
      file: { name: 'graph.svg', data: FILES.svg },
      token,
    });
    expectOk(graph, MSG.uploadSuccess);
    const stored = await fetch(graph.body.data?.audio.url ?? '');
    expect(stored.headers.get('content-type')).toBe('image/svg+xml');
    // The bucket cannot send a CSP: the SVG is sanitised, and opened directly it downloads.
    expect(stored.headers.get('content-disposition')).toBe('attachment');
    expect(await stored.text()).toContain('<path d="M0 0L10 10"/>');
  });
});
