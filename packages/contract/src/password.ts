import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The password rule: at least 8 characters from letters, digits and !@#$%^&*, with a lowercase letter,
 * an uppercase letter, a digit and one of @$!%*?&.
 */
export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d!@#$%^&*]{8,}$/;

export const PASSWORD_MIN_LENGTH = 8;

export const isStrongPassword = (password: string): boolean => PASSWORD_RULE.test(password);

/**
 * The client sends SHA-256 hex of the password, never the password itself (docs/architecture.md "Passwords").
 * A pure-JS hash, because crypto.subtle exists only on secure origins.
 */
export const hashPassword = (password: string): string => bytesToHex(sha256(utf8ToBytes(password)));

/** What the server accepts as a hashed password. */
export const HASHED_PASSWORD = /^[0-9a-f]{64}$/;
