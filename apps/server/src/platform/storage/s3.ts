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
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../config.ts';
import { assertKey, dispositionOf, encodeKey, keyUnder } from './keys.ts';
import { DEFAULT_EXPIRES_SECONDS } from './local.ts';
import { ObjectNotFound, type Storage } from './types.ts';

/** Any S3-compatible store (AWS S3, MinIO, R2, Ceph, s3rver…) through the AWS SDK. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly base: string;
  /**
   * The spec's uploads are public-read: the player on any site reads the files straight from the store.
   * Buckets with ACLs disabled (the AWS default since 2023) refuse any ACL; there a bucket policy makes them public.
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
    this.acl = config.acl ?? undefined;
  }

  async presignPut(key: string, contentType: string, expiresSeconds = DEFAULT_EXPIRES_SECONDS) {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: assertKey(key),
      ContentType: contentType,
      ACL: this.acl,
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
    if (this.acl) headers['x-amz-acl'] = this.acl;
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
          ACL: this.acl,
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
          ACL: this.acl,
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

  keyOf(urlOrKey: string): string | null {
    return keyUnder(this.base, urlOrKey);
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
