/**
 * Object keys: relative paths of plain segments. Every storage checks keys here first, so a key can never
 * leave the storage's root (no `..`, no absolute path, no backslash, no hidden or empty segment).
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
export const KEY_MAX_LENGTH = 500;

export function isValidKey(key: string): boolean {
  if (!key || key.length > KEY_MAX_LENGTH) return false;
  const segments = key.split('/');
  return segments.length <= 20 && segments.every((s) => SEGMENT.test(s) && !/^\.+$/.test(s));
}

export function assertKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
  return key;
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

/**
 * Who may read an object. The lossless originals the brands upload (`audio/origin/…`) are private: only the
 * brand's own users and the operators read them, through a short-lived signed link (`Storage.readUrl`, handed out
 * by authorised API reads). Everything the player shows (processed MP3s, peaks, images, graphs) is public.
 */
export type Visibility = 'public' | 'private';
export const PRIVATE_PREFIXES = ['audio/origin/'] as const;
export const visibilityOf = (key: string): Visibility =>
  PRIVATE_PREFIXES.some((prefix) => key.startsWith(prefix)) ? 'private' : 'public';

/** How long a read link of a private object stays valid (long enough to open it from the page that got it). */
export const READ_URL_SECONDS = 15 * 60;

/** Keys are plain ASCII already; encoding each segment keeps the URL right should that ever change. */
export const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

const TYPES: Record<string, string> = {
  wav: 'audio/wav',
  aiff: 'audio/aiff',
  aif: 'audio/aiff',
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  json: 'application/json',
  bin: 'application/octet-stream',
};

export const extensionOf = (key: string) => /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? '';

/** The content type of a key, from its extension. */
export const contentTypeOf = (key: string) => TYPES[extensionOf(key)] ?? 'application/octet-stream';

/**
 * The key behind a URL under `base` (path and query stripped), or a bare key; else null.
 * Shared by both storages' `keyOf`.
 */
export function keyUnder(base: string, urlOrKey: string): string | null {
  const value = urlOrKey.trim();
  let rest: string | null = null;
  if (value.startsWith(`${base}/`)) rest = value.slice(base.length + 1);
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(value) && !value.startsWith('/')) rest = value;
  if (rest === null) return null;
  rest = rest.replace(/[?#].*$/, '');
  try {
    rest = rest.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  return isValidKey(rest) ? rest : null;
}

/**
 * The Content-Disposition a stored file is served with: an SVG (the one stored type a browser would run script
 * in when opened directly) is an attachment, so opening its URL downloads it instead of rendering it on the
 * store's origin; `<img>` ignores the header, so the player still shows it. Null for every other type.
 */
export const dispositionOf = (contentType: string): string | null =>
  contentType.split(';')[0].trim().toLowerCase() === 'image/svg+xml' ? 'attachment' : null;
