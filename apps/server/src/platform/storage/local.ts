import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, contentTypeOf, encodeKey, keyUnder, READ_URL_SECONDS, visibilityOf } from './keys.ts';
import { ObjectNotFound, type Storage } from './types.ts';

export const DEFAULT_EXPIRES_SECONDS = 3600;

/**
 * Files on local disk under `{root}`. The browser writes them through signed PUT links the server itself
 * accepts (`PUT /files/{key}`, see routes.ts) and reads them at `{publicUrl}/files/{key}`; a private key only with
 * a signed read link (`readUrl`).
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly tmpDir: string;

  constructor(
    readonly root: string,
    private readonly base: string,
    private readonly secret: Buffer,
  ) {
    // Inside the root, so the final rename stays on one file system; no key can name it (keys.ts).
    this.tmpDir = path.join(root, '.tmp');
  }

  async presignPut(key: string, contentType: string, expiresSeconds = DEFAULT_EXPIRES_SECONDS) {
    assertKey(key);
    const expires = Math.floor(Date.now() / 1000) + expiresSeconds;
    const query = new URLSearchParams({
      expires: String(expires),
      ct: contentType,
      sig: this.sign(key, expires, contentType),
    });
    return { url: `${this.publicUrl(key)}?${query}`, headers: { 'content-type': contentType } };
  }

  /** Whether a PUT to `key` carries a valid, unexpired signature for the Content-Type it sends. */
  verifyPut(
    key: string,
    query: { expires?: string; ct?: string; sig?: string },
    contentType: string | undefined,
  ): boolean {
    const expires = Number(query.expires);
    if (!query.sig || !query.ct || !Number.isSafeInteger(expires)) return false;
    if (expires < Date.now() / 1000) return false;
    // The type the link was made for, parameters (`; charset=…`) aside.
    if (mediaType(contentType) !== mediaType(query.ct)) return false;
    const expected = Buffer.from(this.sign(key, expires, query.ct), 'hex');
    const given = Buffer.from(query.sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(key: string, expires: number, contentType: string): string {
    return createHmac('sha256', this.secret).update(`${key}|${expires}|${contentType}`).digest('hex');
  }

  async readUrl(key: string, expiresSeconds = READ_URL_SECONDS) {
    if (visibilityOf(key) === 'public') return this.publicUrl(key);
    const expires = Math.floor(Date.now() / 1000) + expiresSeconds;
    const query = new URLSearchParams({ expires: String(expires), sig: this.signRead(key, expires) });
    return `${this.publicUrl(key)}?${query}`;
  }

  /** Whether a GET of a private `key` carries a valid, unexpired read signature. */
  verifyRead(key: string, query: { expires?: string; sig?: string }): boolean {
    const expires = Number(query.expires);
    if (!query.sig || !Number.isSafeInteger(expires) || expires < Date.now() / 1000) return false;
    const expected = Buffer.from(this.signRead(key, expires), 'hex');
    const given = Buffer.from(query.sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * Read links sign `read|{key}|{expires}`, upload links `{key}|{expires}|{type}`: no key holds a `|` and an
   * upload's second field is a number, never a key, so neither signature is ever valid as the other.
   */
  private signRead(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`read|${key}|${expires}`).digest('hex');
  }

  /** The file of a key (the key is checked first, so the path stays under the root). */
  pathOf(key: string): string {
    return path.join(this.root, ...assertKey(key).split('/'));
  }

  async put(key: string, body: Buffer | Readable, _contentType: string, maxBytes = Number.POSITIVE_INFINITY) {
    await this.write(key, body, maxBytes, false);
  }

  /**
   * Writes a file that must not exist yet (a signed upload link is single-use): rejects with AlreadyExists,
   * leaving the first file as it is, when the key is taken, also by a PUT that finished meanwhile.
   */
  async putNew(key: string, body: Buffer | Readable, maxBytes = Number.POSITIVE_INFINITY) {
    await this.write(key, body, maxBytes, true);
  }

  private async write(key: string, body: Buffer | Readable, maxBytes: number, exclusive: boolean) {
    const target = this.pathOf(key);
    if (exclusive && (await stat(target).catch(() => null))) throw new AlreadyExists(key);
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = path.join(this.tmpDir, randomUUID());
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(size > maxBytes ? new TooLarge() : null, chunk);
      },
    });
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        limit,
        createWriteStream(tmp, { mode: 0o644 }),
      );
      await mkdir(path.dirname(target), { recursive: true });
      if (exclusive) {
        // link() fails if the target exists: of two PUTs racing, one wins and the other is refused.
        await link(tmp, target).catch((err) => {
          throw (err as NodeJS.ErrnoException).code === 'EEXIST' ? new AlreadyExists(key) : err;
        });
        await rm(tmp, { force: true });
      }
      // Readers see the old file or the whole new one, never a part.
      else await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      const file = await open(this.pathOf(key), 'r');
      return file.createReadStream();
    } catch (err) {
      throw isMissing(err) ? new ObjectNotFound(key) : err;
    }
  }

  async head(key: string) {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, contentType: contentTypeOf(key) } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    return `${this.base}/files/${encodeKey(assertKey(key))}`;
  }

  keyOf(urlOrKey: string): string | null {
    const value = urlOrKey.trim();
    return keyUnder(`${this.base}/files`, value.startsWith('/files/') ? value.slice('/files/'.length) : value);
  }
}

/** A PUT to a key that already has a file (the link was used before). */
export class AlreadyExists extends Error {
  constructor(key: string) {
    super(`${key} already exists`);
  }
}

/** A PUT body above the limit. */
export class TooLarge extends Error {
  constructor() {
    super('too large');
  }
}

const mediaType = (value: string | undefined) => (value ?? '').split(';')[0].trim().toLowerCase();

const isMissing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/**
 * The signing secret: STORAGE_SECRET, else a random one made once and kept in `{dataDir}/storage-secret`
 * (mode 0600). Never logged. Also the player events' token secret (EVENTS_SECRET, `{dataDir}/events-secret`).
 */
export async function storageSecret(
  dataDir: string,
  configured: string | undefined,
  name = 'storage-secret',
): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, name);
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx': of two processes starting together, one writes and the other reads what it wrote.
    await writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  let secret = '';
  // The other process may be between creating the file and writing it.
  for (let i = 0; i < 50 && secret.length < 32; i++) {
    if (i) await new Promise((resolve) => setTimeout(resolve, 20));
    secret = (await readFile(file, 'utf8')).trim();
  }
  if (secret.length < 32) throw new Error(`${file} is shorter than 32 characters; remove it to make a new one`);
  return Buffer.from(secret, 'utf8');
}
