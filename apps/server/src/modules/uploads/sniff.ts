/**
 * What a file is, from its first bytes (never from its name or the browser's type, which are claims).
 * Images: JPEG, PNG, WebP, GIF. Graphs may also be SVG (text, checked for active content separately).
 */
export interface Sniffed {
  ext: 'jpg' | 'png' | 'webp' | 'gif' | 'svg';
  contentType: string;
}

const starts = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffImage(buf: Buffer): Sniffed | null {
  if (starts(buf, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (starts(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: 'image/png' };
  if (starts(buf, ascii('GIF87a')) || starts(buf, ascii('GIF89a'))) return { ext: 'gif', contentType: 'image/gif' };
  if (starts(buf, ascii('RIFF')) && starts(buf, ascii('WEBP'), 8)) return { ext: 'webp', contentType: 'image/webp' };
  return null;
}

/** An SVG document: optional BOM, XML declaration, comments and doctype, then the `<svg` root. */
const SVG_ROOT =
  /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

export function sniffSvg(buf: Buffer): Sniffed | null {
  return SVG_ROOT.test(buf.subarray(0, 4096).toString('utf8')) ? { ext: 'svg', contentType: 'image/svg+xml' } : null;
}

/**
 * Script in an SVG: `<script>`, event handler attributes, `javascript:` links, embedded HTML. Files are served
 * with a sandboxing CSP, but an S3 bucket serves them without one, so such files are refused outright.
 */
export function svgHasActiveContent(buf: Buffer): boolean {
  return /<script|<foreignObject|\bon[a-z]+\s*=|javascript:|<iframe|<embed|<object/i.test(buf.toString('utf8'));
}
