import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** An opaque bearer token: 256 random bits, of which only the SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

/** argon2id (the library's default algorithm) over what the client sent: its SHA-256 hex. */
export const hashSecret = (clientHash: string) => hash(clientHash);

export const verifySecret = async (stored: string | null, clientHash: string) => {
  // Verify against a fixed hash when the user has none, so timing does not reveal which emails exist.
  if (!stored) {
    await verify(await dummyHash, clientHash).catch(() => false);
    return false;
  }
  return verify(stored, clientHash).catch(() => false);
};

const dummyHash = hash(sha256Hex('no-password'));
