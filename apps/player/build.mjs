/**
 * Builds the embeddable player into the console's dist, so the server serves it at stable URLs:
 *   {PUBLIC_URL}/player/atk-player.js   the <atk-player> element (one classic script, no framework)
 *   {PUBLIC_URL}/player/atk-player.css  the host page's stylesheet (the element's own box only)
 * Run by the console's build, after Vite (which empties dist). Fails when the script exceeds its size budget.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = import.meta.dirname;
const outdir = path.resolve(here, '../console/dist/player');
const BUDGET_GZIP = 10 * 1024;

mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: [path.join(here, 'src/atk-player.ts'), path.join(here, 'src/atk-player.css')],
  outdir,
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
  legalComments: 'none',
  logLevel: 'warning',
});

const js = await readFile(path.join(outdir, 'atk-player.js'));
const css = await readFile(path.join(outdir, 'atk-player.css'));
const gz = gzipSync(js, { level: 9 }).length;
console.log(
  `player: atk-player.js ${js.length} B (${gz} B gzipped), atk-player.css ${css.length} B → ${path.relative(process.cwd(), outdir)}`,
);
if (gz > BUDGET_GZIP) {
  console.error(`player: atk-player.js is ${gz} B gzipped, over its ${BUDGET_GZIP} B budget`);
  process.exit(1);
}
