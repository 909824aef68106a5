/**
 * npm run storage:private-originals -w apps/server
 * One-off, after upgrading to private originals on S3: originals uploaded before (`audio/origin/…`) were written
 * public-read; this sets each one's ACL to private. Idempotent; safe while the server runs. See docs/deployment.md.
 */
import { loadConfig } from '../config.ts';
import { S3Storage } from '../platform/storage/s3.ts';

const config = loadConfig();
if (!config.s3) {
  console.log('Files are on local disk: originals are served only through signed links already; nothing to change.');
  process.exit(0);
}
if (!config.s3.acl) {
  console.log(
    'S3_ACL=none: the bucket has no object ACLs to change. Make sure its policy grants public reads to everything ' +
      'but audio/origin/* (docs/deployment.md).',
  );
  process.exit(0);
}
const storage = new S3Storage(config.s3);
try {
  const count = await storage.applyPrivateAcls((key) => console.log(`private: ${key}`));
  console.log(`${count} original${count === 1 ? '' : 's'} made private in bucket ${config.s3.bucket}`);
} catch (err) {
  console.error(`Stopped: ${(err as Error).message}. Objects listed above are private; run it again to finish.`);
  process.exit(1);
}
