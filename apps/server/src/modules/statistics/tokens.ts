import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The player's event token (docs/api.md "How hard the statistics are to inflate"): a launch's answer signs who
 * launched what and when, and the visitor's following events carry it. Stateless: `{issued}.{mac}`, the issue time in
 * seconds and HMAC-SHA256(secret, "{widget}:{instance}:{visitor}:{issued}") (128 bits, base64url); the instance and
 * the visitor are the batch's own. Valid for EVENTS_TOKEN_SECONDS; every answer to a batch carrying a valid one
 * renews it, so a player in use keeps a valid token and one left idle longer launches again.
 */
export const EVENTS_TOKEN_SECONDS = 30 * 60;
/** Clocks of several server processes may differ this much. */
const SKEW_SECONDS = 60;

interface TokenParts {
  widget: string;
  instance: string;
  visitor: string;
}

const mac = (secret: Buffer, p: TokenParts, issued: number) =>
  createHmac('sha256', secret)
    .update(`${p.widget}:${p.instance.toLowerCase()}:${p.visitor.toLowerCase()}:${issued}`)
    .digest()
    .subarray(0, 16);

export function issueToken(secret: Buffer, p: TokenParts, nowMs = Date.now()): string {
  const issued = Math.floor(nowMs / 1000);
  return `${issued}.${mac(secret, p, issued).toString('base64url')}`;
}

/** The token's issue time (epoch seconds) when it is valid for these parts now, else null. */
export function tokenIssued(
  secret: Buffer,
  p: TokenParts,
  token: string | undefined,
  nowMs = Date.now(),
): number | null {
  const m = token ? /^(\d{1,12})\.([\w-]{22})$/.exec(token) : null;
  if (!m) return null;
  const issued = Number(m[1]);
  const now = nowMs / 1000;
  if (issued > now + SKEW_SECONDS || issued + EVENTS_TOKEN_SECONDS < now) return null;
  const given = Buffer.from(m[2], 'base64url');
  return given.length === 16 && timingSafeEqual(given, mac(secret, p, issued)) ? issued : null;
}
