import path from 'node:path';
import type { Config } from '../../config.ts';
import { LocalStorage, storageSecret } from './local.ts';
import { publicBase, S3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export { ObjectNotFound, type Storage } from './types.ts';

/** The storage the settings choose: S3 when S3_BUCKET is set, else local disk under DATA_DIR/files. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(
    path.join(config.dataDir, 'files'),
    config.publicUrl,
    await storageSecret(config.dataDir, config.storageSecret),
  );
}

/** Origins the console talks to for files (its Content-Security-Policy lets them in). */
export function storageOrigins(config: Config): string[] {
  // With S3: the endpoint, the public base, and where presigned reads of private keys go (never a CDN).
  const urls = config.s3
    ? [config.s3.endpoint, publicBase(config.s3), publicBase({ ...config.s3, publicUrl: undefined })]
    : [config.publicUrl];
  return [...new Set(urls.filter((u): u is string => Boolean(u)).map((u) => new URL(u).origin))];
}
