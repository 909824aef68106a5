import { sniffImage as sniffImageBytes } from '@atk/contract';

/**
 * What a file is, from its first bytes (never from its name or the browser's type, which are claims).
 * Images: JPEG, PNG, WebP, GIF. Graphs may also be SVG (text, checked for active content separately).
 */
export interface Sniffed {
  ext: 'jpg' | 'png' | 'webp' | 'gif' | 'svg';
  contentType: string;
}

/** JPEG, PNG, WebP or GIF: the contract's check, which the console runs too before a direct upload. */
export const sniffImage = (buf: Buffer): Sniffed | null => sniffImageBytes(buf);

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
