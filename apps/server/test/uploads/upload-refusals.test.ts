/**
 * A refused upload arrives as its answer, never as a dropped connection (docs/api.md "Uploads"): the
 * server answers before the body is read (no or an expired token, a wrong role, a file over its limit) and then
 * reads and drops the rest, so a client still sending receives the status instead of a connection reset.
 */

import { connect } from 'node:net';
import { API_BASE, MSG, type Product } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';
import { startWithTenants, type Tenants } from '../support/tenants.ts';
import { FILES } from '../support/uploads.ts';

let app: TestApp;
let t: Tenants;
let product: Product;

beforeAll(async () => {
  ({ app, t } = await startWithTenants());
  const made = await app.call<Product>('POST', '/products', {
    token: t.a.token,
    body: { general: { name: 'Graph', category_id: t.category.id } },
  });
  expectOk(made, MSG.createProductSuccess);
  product = made.body.data;
});
afterAll(() => app.close());

/**
 * A graph upload as a browser busy sending makes it: the whole form written first (8 KB a millisecond), the answer
 * read after. The answer, or the error the client met instead (a connection reset).
 */
function upload(route: string, data: Buffer, token?: string): Promise<{ status: number; body: unknown }> {
  const boundary = `atk${Math.random().toString(16).slice(2)}`;
  const fields = { model: 'products', id: product._id, type: 'frequency' };
  const form = Buffer.concat([
    Buffer.from(
      Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="graph.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const { hostname, port } = new URL(app.url);
  const head =
    `POST ${API_BASE}${route} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${form.length}\r\n` +
    (token ? `Authorization: Bearer ${token}\r\n` : '') +
    '\r\n';
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let failed: string | null = null;
    socket.pause();
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (err: Error & { code?: string }) => {
      failed = err.code ?? err.message;
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      if (!status) return resolve({ status: 0, body: failed ?? 'closed without an answer' });
      try {
        resolve({ status, body: JSON.parse(body) });
      } catch {
        resolve({ status, body });
      }
    });
    socket.once('connect', async () => {
      const all = Buffer.concat([Buffer.from(head), form]);
      for (let at = 0; at < all.length && !socket.destroyed; at += 8 * 1024) {
        await new Promise<void>((r) => socket.write(all.subarray(at, at + 8 * 1024), () => r()));
        await new Promise((r) => setTimeout(r, 1));
      }
      // Sent: now the client reads.
      socket.resume();
    });
  });
}

const file100k = Buffer.concat([FILES.png, Buffer.alloc(100 * 1024, 7)]);

describe('refused uploads receive their answer', () => {
  it('50 anonymous uploads of 100 KB each receive 401 with the envelope (no connection reset)', async () => {
    const answers = [];
    // In rounds of 10 at once, as a busy console would.
    for (let round = 0; round < 5; round++)
      answers.push(...(await Promise.all(Array.from({ length: 10 }, () => upload('/upload/files', file100k)))));
    const unauthorized = { status: 401, body: { code: 401, msg: MSG.unauthorized, data: null } };
    expect(answers.filter((a) => JSON.stringify(a) !== JSON.stringify(unauthorized))).toEqual([]);
  });

  it('an expired session and a wrong role receive 401 and 403, the tiny file and the 100 KB one', async () => {
    for (const data of [FILES.png, file100k]) {
      for (let i = 0; i < 10; i++) {
        expect(await upload('/upload/files', data, 'expired-or-revoked-token')).toEqual({
          status: 401,
          body: { code: 401, msg: MSG.tokenInvalid, data: null },
        });
        expect(await upload('/admin/upload/files', data, t.a.token)).toEqual({
          status: 403,
          body: { code: 403, msg: MSG.forbidden, data: null },
        });
      }
    }
  });

  it('a file over the limit receives 413 (three times over), and the next upload is stored', async () => {
    const big = Buffer.concat([FILES.png, Buffer.alloc(11 * 1024 * 1024, 7)]);
    for (let i = 0; i < 3; i++)
      expect(await upload('/upload/files', big, t.a.token)).toEqual({
        status: 413,
        body: { code: 413, msg: MSG.fileTooLarge, data: null },
      });
    const ok = await upload('/upload/files', FILES.png, t.a.token);
    expect(ok.status).toBe(200);
  });
});
