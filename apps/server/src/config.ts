import { statSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

/** Every setting of the server, read once from the environment (documented in README.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  production: boolean;
  /** Where the built console lives; served as the SPA when present. */
  consoleDist: string;
  /** Signs local upload links; unset → a random secret kept in DATA_DIR/storage-secret. */
  storageSecret: string | undefined;
  /** Signs the player's event tokens (docs/api.md); unset → a random secret kept in DATA_DIR/events-secret. */
  eventsSecret: string | undefined;
  /** An S3-compatible store; null (no S3_BUCKET) → files on local disk under DATA_DIR/files. */
  s3: S3Config | null;
  /** AUDIO_MAX_MINUTES (default 15): longer audio is refused at the probe. */
  audioMaxSeconds: number;
  /** Timeouts and the connection cap of the HTTP server (docs/deployment.md, "Slow clients"). */
  http: HttpLimits;
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY), as Fastify's `trustProxy`: false trusts none (the
   * default), a number that many hops, a list those addresses/CIDRs. request.ip, the rate limits' key, follows it.
   */
  trustProxy: false | number | string[];
  /** STATS_RAW_DAYS (default 400): raw player events older than this are deleted daily; the rollups stay. */
  statsRawDays: number;
  /**
   * VISITOR_IDLE_MONTHS (default 25): a visitor's rows (visitors, brand_visitors) not seen for this many months are
   * deleted daily (kept at least as long as its raw events: modules/statistics/upkeep.ts).
   */
  visitorIdleMonths: number;
  /** GEOIP_DB: a licensed MaxMind-format City database to read the visitors' places from; unset → the embedded DB-IP. */
  geoipDb: string | undefined;
}

export const DEFAULT_AUDIO_MAX_MINUTES = 15;

/** AUDIO_MAX_MINUTES in seconds: the longest audio a source may have (default 15 minutes). */
export function audioMaxSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.AUDIO_MAX_MINUTES?.trim();
  if (!raw) return DEFAULT_AUDIO_MAX_MINUTES * 60;
  const minutes = Number(raw);
  if (!(Number.isFinite(minutes) && minutes > 0))
    throw new Error(`AUDIO_MAX_MINUTES must be a positive number, not "${raw}"`);
  return Math.round(minutes * 60);
}

/** How long a client may take, and how many may be connected at once; every figure in milliseconds. */
export interface HttpLimits {
  /** The request line and headers must arrive within this (Node's `headersTimeout`). */
  headersTimeoutMs: number;
  /** A JSON body (every route but the uploads) must arrive within this, counted from the request's start. */
  bodyTimeoutMs: number;
  /**
   * The uploads (multipart images and graphs, the signed PUT of the local store) must arrive within this;
   * also the bound of any request (Node's `requestTimeout`).
   */
  uploadTimeoutMs: number;
  /** A connection with no traffic either way is closed after this (Node's socket timeout). */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (Node's `keepAliveTimeout`). */
  keepAliveTimeoutMs: number;
  /** Open connections per process; further ones are refused by closing them (0: no cap). */
  maxConnections: number;
}

/** The defaults (docs/deployment.md explains each figure). */
export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 20_000,
  uploadTimeoutMs: 15 * 60_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 65_000,
  maxConnections: 4096,
};

export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset → the SDK's own chain (environment, instance role…). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Base of public file URLs (CDN, custom domain); unset → `{endpoint}/{bucket}`. */
  publicUrl: string | undefined;
  forcePathStyle: boolean;
  /** The canned ACL written with each object; null for buckets whose ACLs are disabled (public by policy). */
  acl: 'public-read' | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot(), 'data'));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'ATK Player <no-reply@atkplayer.local>',
    production: env.NODE_ENV === 'production',
    consoleDist: path.join(repoRoot(), 'apps/console/dist'),
    storageSecret: env.STORAGE_SECRET || undefined,
    eventsSecret: env.EVENTS_SECRET || undefined,
    s3: env.S3_BUCKET ? s3Config(env, env.S3_BUCKET) : null,
    audioMaxSeconds: audioMaxSeconds(env),
    http: httpLimits(env),
    trustProxy: trustProxy(env.TRUST_PROXY),
    statsRawDays: statsRawDays(env.STATS_RAW_DAYS),
    visitorIdleMonths: visitorIdleMonths(env.VISITOR_IDLE_MONTHS),
    geoipDb: geoipDb(env.GEOIP_DB),
  };
}

/**
 * GEOIP_DB must name a file that exists, .mmdb or .mmdb.gz: a path the operator mistyped stops the start, like every
 * other bad setting, rather than quietly leaving the statistics without places. What the file holds is only known
 * once it is read (platform/geo.ts, after the server listens): a file that is no MaxMind database is logged there and
 * the statistics go on without places, as when the embedded database cannot be read.
 */
export function geoipDb(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (!/\.mmdb(\.gz)?$/i.test(value))
    throw new Error(`GEOIP_DB must be the path of a MaxMind City database (.mmdb or .mmdb.gz), not "${raw}"`);
  const file = path.resolve(value);
  if (!statSync(file, { throwIfNoEntry: false })?.isFile())
    throw new Error(`GEOIP_DB names no file: "${file}" does not exist or is not a file`);
  return file;
}

export const DEFAULT_STATS_RAW_DAYS = 400;

function statsRawDays(raw: string | undefined): number {
  if (!raw?.trim()) return DEFAULT_STATS_RAW_DAYS;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1)
    throw new Error(`STATS_RAW_DAYS must be a whole number of days, not "${raw}"`);
  return days;
}

/**
 * 25 months: the CNIL's limit for keeping audience-measurement data (its identifiers live 13 months, which is when the
 * player replaces its id: VISITOR_ID_MAX_MONTHS).
 */
export const DEFAULT_VISITOR_IDLE_MONTHS = 25;

function visitorIdleMonths(raw: string | undefined): number {
  if (!raw?.trim()) return DEFAULT_VISITOR_IDLE_MONTHS;
  const months = Number(raw);
  if (!Number.isInteger(months) || months < 1)
    throw new Error(`VISITOR_IDLE_MONTHS must be a whole number of months, not "${raw}"`);
  return months;
}

function httpLimits(env: NodeJS.ProcessEnv): HttpLimits {
  const read = (name: string, fallback: number, min: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}`);
    return value;
  };
  const d = HTTP_LIMITS;
  const limits: HttpLimits = {
    headersTimeoutMs: read('HTTP_HEADERS_TIMEOUT_MS', d.headersTimeoutMs, 1),
    bodyTimeoutMs: read('HTTP_BODY_TIMEOUT_MS', d.bodyTimeoutMs, 1),
    uploadTimeoutMs: read('HTTP_UPLOAD_TIMEOUT_MS', d.uploadTimeoutMs, 1),
    idleTimeoutMs: read('HTTP_IDLE_TIMEOUT_MS', d.idleTimeoutMs, 1),
    keepAliveTimeoutMs: read('HTTP_KEEP_ALIVE_TIMEOUT_MS', d.keepAliveTimeoutMs, 1),
    maxConnections: read('HTTP_MAX_CONNECTIONS', d.maxConnections, 0),
  };
  if (limits.uploadTimeoutMs < limits.bodyTimeoutMs)
    throw new Error('HTTP_UPLOAD_TIMEOUT_MS must be at least HTTP_BODY_TIMEOUT_MS');
  return limits;
}

/** Names proxy-addr understands besides addresses and CIDRs. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, empty or 0 → trust no proxy; a whole number → that many proxy hops (1: one reverse proxy in
 * front); otherwise a comma-separated list of the proxies' addresses or CIDRs. `true` (trust every hop) is refused:
 * a client could then choose its own address with X-Forwarded-For.
 */
export function trustProxy(value: string | undefined): Config['trustProxy'] {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 100) throw trustProxyError(value);
    return hops;
  }
  const list = v.split(',').map((part) => part.trim());
  if (list.some((part) => !validProxy(part))) throw trustProxyError(value);
  return list;
}

function validProxy(part: string): boolean {
  if (PROXY_NAMES.has(part)) return true;
  const [address, prefix, ...rest] = part.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

function trustProxyError(value: string | undefined): Error {
  return new Error(
    `TRUST_PROXY must be the number of proxy hops in front of the server (e.g. 1) or a comma-separated list of the proxies' addresses or CIDRs (e.g. 10.0.0.0/8,192.168.1.2), not "${value}"`,
  );
}

function s3Config(env: NodeJS.ProcessEnv, bucket: string): S3Config {
  const endpoint = env.S3_ENDPOINT?.replace(/\/+$/, '') || undefined;
  const pathStyle = env.S3_FORCE_PATH_STYLE?.toLowerCase();
  return {
    endpoint,
    bucket,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    // Most S3-compatible servers want path-style requests; AWS itself wants virtual hosts.
    forcePathStyle: pathStyle ? pathStyle === 'true' || pathStyle === '1' : Boolean(endpoint),
    acl: s3Acl(env.S3_ACL),
  };
}

function s3Acl(value: string | undefined): S3Config['acl'] {
  const v = value?.trim().toLowerCase() || 'public-read';
  if (v === 'public-read') return v;
  if (v === 'none') return null;
  throw new Error(`S3_ACL must be public-read or none, not "${value}"`);
}

function repoRoot(): string {
  return path.resolve(import.meta.dirname, '../../..');
}
