import type { Readable } from 'node:stream';

/**
 * Where files live: local disk under DATA_DIR by default, any S3-compatible store when S3_* is set.
 * Keys are relative paths such as `audio/origin/{productId}/{instrumentId}_{ts}.wav` (see keys.ts for the
 * rule); a key is written once and never changes, so its public URL may be cached for good.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** A URL the browser may PUT the file to, for a limited time (default 1 hour), with the given headers. */
  presignPut(
    key: string,
    contentType: string,
    expiresSeconds?: number,
  ): Promise<{ url: string; headers: Record<string, string> }>;
  /** Writes an object: publicly readable, unless its key is private (keys.ts `visibilityOf`). */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** Streams a stored object; rejects with ObjectNotFound when it does not exist. */
  get(key: string): Promise<Readable>;
  /** Size in bytes and content type, or null when the object does not exist. */
  head(key: string): Promise<{ size: number; contentType: string | null } | null>;
  /** Removes an object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The address of a key: public and cacheable for a public key; a private key's address answers only with a
   * signature (use `readUrl`).
   */
  publicUrl(key: string): string;
  /**
   * A URL to read a key: its public URL when the key is public; for a private key a signed link valid for
   * `expiresSeconds` (default READ_URL_SECONDS). Hand it only to users allowed to read the object.
   */
  readUrl(key: string, expiresSeconds?: number): Promise<string>;
  /** The key behind one of this storage's URLs (public or signed; or a bare key), else null. */
  keyOf(urlOrKey: string): string | null;
}

export class ObjectNotFound extends Error {
  readonly code = 'ENOENT';
  constructor(readonly key: string) {
    super(`no stored object at ${key}`);
  }
}
