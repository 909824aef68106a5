/** Fixtures shared by the upload and S3 storage tests. */
import { API_BASE } from '@atk/contract';
import { instruments, products, songs } from '../../src/db/schema.ts';
import type { TestApp } from './harness.ts';

/** Tiny files whose first bytes are what they claim. */
export const FILES = {
  png: Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]),
  jpeg: Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(64, 3)]),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 1)]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from('00000000', 'hex'), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]),
  svg: Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L10 10"/></svg>',
  ),
  pdf: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'),
  text: Buffer.from('just some text, not an image at all'),
  wav: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from('24000000', 'hex'),
    Buffer.from('WAVEfmt '),
    Buffer.alloc(4096, 9),
  ]),
};

interface Upload {
  status: number;
  body: { code: number; msg: string; data: Record<string, { url: string; name: string; key: string }> | null };
}

/** A multipart POST like the console's (the fields first, then the file). */
export async function postForm(
  app: TestApp,
  route: string,
  opts: { token?: string; fields?: Record<string, string>; file?: { name: string; data: Buffer; type?: string } },
): Promise<Upload> {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  if (opts.file)
    form.append(
      'file',
      new Blob([opts.file.data], { type: opts.file.type ?? 'application/octet-stream' }),
      opts.file.name,
    );
  const res = await fetch(`${app.url}${API_BASE}${route}`, {
    method: 'POST',
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Upload['body'] };
}

export async function makeContent(app: TestApp, brandId: string) {
  const [product] = await app.db.insert(products).values({ brandId, name: 'Mic' }).returning();
  const [song] = await app.db.insert(songs).values({ brandId, name: 'Song' }).returning();
  const [instrument] = await app.db.insert(instruments).values({ songId: song.id, name: 'Vocals' }).returning();
  return { product, song, instrument };
}
