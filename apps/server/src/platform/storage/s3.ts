import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectAclCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../config.ts';
import {
  assertKey,
  dispositionOf,
  encodeKey,
  keyUnder,
  PRIVATE_PREFIXES,
  READ_URL_SECONDS,
  visibilityOf,
} from './keys.ts';
import { DEFAULT_EXPIRES_SECONDS } from './local.ts';
import { ObjectNotFound, type Storage } from './types.ts';

/** Any S3-compatible store (AWS S3, MinIO, R2, Ceph, s3rver…) through the AWS SDK. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly base: string;
  /** Where the store itself serves objects (presigned reads go there, not through a CDN in S3_PUBLIC_URL). */
  private readonly endpointBase: string;
  /**
   * The spec's uploads are public-read: the player on any site reads the files straight from the store.
   * Buckets with ACLs disabled (the AWS default since 2023) refuse any ACL; there a bucket policy makes them public.
   * Private keys (the originals) never get it: they are read through presigned GETs.
   */
  private readonly acl: 'public-read' | undefined;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Checksums only where the protocol requires them: a presigned PUT must not carry the checksum of an
      // empty body, and not every S3-compatible store knows the newer checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.base = publicBase(config);
    this.endpointBase = publicBase({ ...config, publicUrl: undefined });
    this.acl = config.acl ?? undefined;
  }

  /** The canned ACL an object is written with: none for a private key (the bucket's default, private). */
  private aclOf(key: string) {
    return visibilityOf(key) === 'public' ? this.acl : undefined;
  }

  async presignPut(key: string, contentType: string, expiresSeconds = DEFAULT_EXPIRES_SECONDS) {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: assertKey(key),
      ContentType: contentType,
      ACL: this.aclOf(key),
      // A conditional write: the link creates the object once; a second PUT (within the link's hour) gets
      // 412 PreconditionFailed instead of replacing a file that is served as immutable and never reprocessed.
      IfNoneMatch: '*',
    });
    // The ACL stays a signed header (not hoisted into the query), so the browser sends it as S3 expects.
    const url = await getSignedUrl(this.client, command, {
      expiresIn: expiresSeconds,
      unhoistableHeaders: new Set(['x-amz-acl']),
    });
    // Both are signed headers: a PUT without them does not match the signature.
    const headers: Record<string, string> = { 'content-type': contentType, 'if-none-match': '*' };
    const acl = this.aclOf(key);
    if (acl) headers['x-amz-acl'] = acl;
    return { url, headers };
  }

  async put(key: string, body: Buffer | Readable, contentType: string) {
    assertKey(key);
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentDisposition: dispositionOf(contentType) ?? undefined,
          ACL: this.aclOf(key),
        }),
      );
      return;
    }
    // A single PUT needs the length up front: spool the stream to a temporary file first.
    const tmp = path.join(tmpdir(), `atk-s3-${randomUUID()}`);
    try {
      await pipeline(body, createWriteStream(tmp, { mode: 0o600 }));
      const { size } = await stat(tmp);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(tmp),
          ContentLength: size,
          ContentType: contentType,
          ContentDisposition: dispositionOf(contentType) ?? undefined,
          ACL: this.aclOf(key),
        }),
      );
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
      if (!(res.Body instanceof Readable)) throw new Error('S3 answered without a body');
      return res.Body;
    } catch (err) {
      throw isMissing(err) ? new ObjectNotFound(key) : err;
    }
  }

  async head(key: string) {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
      return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? null };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
  }

  publicUrl(key: string): string {
    return `${this.base}/${encodeKey(assertKey(key))}`;
  }

  async readUrl(key: string, expiresSeconds = READ_URL_SECONDS) {
    if (visibilityOf(key) === 'public') return this.publicUrl(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }), {
      expiresIn: expiresSeconds,
    });
  }

  keyOf(urlOrKey: string): string | null {
    return keyUnder(this.base, urlOrKey) ?? keyUnder(this.endpointBase, urlOrKey);
  }

  /**
   * Sets the ACL of every existing object under a private prefix to `private` (objects uploaded before the
   * originals were private were written public-read): the one-off `npm run storage:private-originals`.
   * Idempotent; calls `onObject` with each key it made private. Answers how many objects it went through.
   */
  async applyPrivateAcls(onObject: (key: string) => void = () => {}): Promise<number> {
    let count = 0;
    for (const prefix of PRIVATE_PREFIXES) {
      let token: string | undefined;
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          await this.client.send(new PutObjectAclCommand({ Bucket: this.bucket, Key: object.Key, ACL: 'private' }));
          onObject(object.Key);
          count++;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    }
    return count;
  }
}

/** S3_PUBLIC_URL (a CDN, a custom domain), else the object's address at the endpoint, else AWS's own. */
export function publicBase(config: S3Config): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  if (!config.endpoint) return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  const endpoint = new URL(config.endpoint);
  const root = endpoint.pathname.replace(/\/+$/, '');
  if (config.forcePathStyle) return `${endpoint.origin}${root}/${config.bucket}`;
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}${root}`;
}

function isMissing(err: unknown): boolean {
  if (err instanceof S3ServiceException)
    return err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404;
  return false;
}
