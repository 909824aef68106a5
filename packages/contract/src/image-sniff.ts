/**
 * What image a file is, from its first bytes (never from its name or the browser's type, which are claims): JPEG,
 * PNG, WebP, GIF. The server checks every stored image with it; the console reads the bytes from the File before a
 * direct (signed) upload, so a text file named `.png` is refused at once. DOM- and Node-free (Uint8Array).
 */

/** Enough for every signature below (RIFF….WEBP is the longest). */
export const IMAGE_SNIFF_BYTES = 12;

export interface SniffedImage {
  ext: 'jpg' | 'png' | 'webp' | 'gif';
  contentType: string;
}

const starts = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffImage(head: Uint8Array): SniffedImage | null {
  if (starts(head, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: 'image/png' };
  if (starts(head, ascii('GIF87a')) || starts(head, ascii('GIF89a'))) return { ext: 'gif', contentType: 'image/gif' };
  if (starts(head, ascii('RIFF')) && starts(head, ascii('WEBP'), 8)) return { ext: 'webp', contentType: 'image/webp' };
  return null;
}
