/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the built console (dist, with the
 * player's scripts), which the server sends instead to a browser that accepts them (@fastify/static
 * `preCompressed`). A phone on a slow network loads a third of the bytes (/mobile). Run by the build,
 * last (Vite empties dist, so no copy outlives its file).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this the headers outweigh what compression saves. */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

let before = 0;
let after = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = await readFile(file);
  if (body.length < MIN_BYTES) continue;
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gz(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  before += body.length;
  after += br.length;
}
console.log(`compress: ${(before / 1024).toFixed(0)} kB of text → ${(after / 1024).toFixed(0)} kB Brotli (+ gzip)`);
