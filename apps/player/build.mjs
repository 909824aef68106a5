/**
 * Builds the embeddable player into the console's dist, so the server serves it at stable URLs:
 *   {PUBLIC_URL}/player/atk-player.js      the loader: the <atk-player> element (one classic script, no framework)
 *   {PUBLIC_URL}/player/atk-player-app.js  the app chunk (an ES module: React-style components on Preact),
 *                                          imported by the loader on the first launch, as ?v={content hash}
 *   {PUBLIC_URL}/player/atk-player.css     the host page's stylesheet (the element's own box only)
 *   {PUBLIC_URL}/player/atk-mobile.js      the mobile widget's loader: the <atk-mobile-player> element
 *   {PUBLIC_URL}/player/atk-mobile-app.js  its app chunk (same engine and panels as the desktop app), imported on launch
 *   {PUBLIC_URL}/player/atk-player.d.ts, atk-player-react.d.ts  the elements' typings (types/), for TypeScript pages
 * Run by the console's build, after Vite (which empties dist). Fails when a script exceeds its size budget.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = import.meta.dirname;
const outdir = path.resolve(here, '../console/dist/player');
// Listener verdicts grew the app chunk from 26 kB: the blind vote (src/shared/Vote.tsx) by 0.7 kB, the ABX test
// (src/desktop/AbxTest.tsx) by 1.9 kB; each budget grew by 3 kB for them. A chunk of its own for the ABX test
// (esbuild's splitting) would save only 0.9 kB of the first load: splitting costs its import wiring and a request.
// The host page's API (src/shared/host-element.ts: methods, state, events, dataLayer, consent) grew each loader by
// 1.5 kB; its app side (useHostControl, Forget me, the buy click, UTM tags) the app chunk by 2.1 kB: the desktop
// loader's budget grew by 2 kB, the app chunk's by 3 kB, their total's by 5 kB.
const BUDGETS = { 'atk-player.js': 6 * 1024, 'atk-player-app.js': 32 * 1024, 'atk-mobile.js': 5 * 1024 };
/** Everything a host page downloads for the desktop player (the stylesheet is served as it is: under 1 kB). */
const DESKTOP_TOTAL = { files: ['atk-player.css', 'atk-player.js', 'atk-player-app.js'], budget: 38 * 1024 };
/** The mobile widget's scripts together (loader and app chunk): a phone on a slow network loads all of them. */
const MOBILE_TOTAL = { files: ['atk-mobile.js', 'atk-mobile-app.js'], budget: 45 * 1024 };
// Browsers with native class fields, private members and optional chaining (Chrome 91: esbuild rewrites `?.`
// for Chrome 90, whose V8 has a bug in it), so none of them is rewritten into longer code.
const target = ['chrome91', 'firefox90', 'safari15'];
const common = { bundle: true, minify: true, target, legalComments: 'none', logLevel: 'warning' };

mkdirSync(outdir, { recursive: true });

// 1. The app chunks: React-style components compiled against Preact.
await build({
  ...common,
  entryPoints: {
    'atk-player-app': path.join(here, 'src/desktop/index.tsx'),
    'atk-mobile-app': path.join(here, 'src/mobile/index.tsx'),
  },
  outdir,
  format: 'esm',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  // The components use hooks and DOM events only: Preact itself, without preact/compat's React emulation (2 kB
  // gzipped); `createRoot` is ./src/root.ts. So `onChange` is the DOM's change event: live ranges use `onInput`.
  alias: {
    react: 'preact/hooks',
    'react-dom/client': path.join(here, 'src/root.ts'),
    'react/jsx-runtime': 'preact/jsx-runtime',
  },
});
const appJs = await readFile(path.join(outdir, 'atk-player-app.js'));
const appVersion = createHash('sha256').update(appJs).digest('hex').slice(0, 12);
const mobileJs = await readFile(path.join(outdir, 'atk-mobile-app.js'));
const mobileVersion = createHash('sha256').update(mobileJs).digest('hex').slice(0, 12);

// 2. The loader and the host stylesheet; the loader knows the app chunk's version.
await build({
  ...common,
  entryPoints: [
    path.join(here, 'src/atk-player.ts'),
    path.join(here, 'src/atk-player.css'),
    path.join(here, 'src/atk-mobile.ts'),
  ],
  outdir,
  format: 'iife',
  define: {
    __ATK_APP_VERSION__: JSON.stringify(appVersion),
    __ATK_MOBILE_VERSION__: JSON.stringify(mobileVersion),
  },
});

// 3. The typings, served as they are.
for (const file of ['atk-player.d.ts', 'atk-player-react.d.ts'])
  await copyFile(path.join(here, 'types', file), path.join(outdir, file));

let over = false;
const sizes = [];
for (const [file, budget] of Object.entries(BUDGETS)) {
  const js = await readFile(path.join(outdir, file));
  const gz = gzipSync(js, { level: 9 }).length;
  sizes.push(`${file} ${js.length} B (${gz} B gzipped, budget ${budget} B)`);
  if (gz > budget) {
    console.error(`player: ${file} is ${gz} B gzipped, over its ${budget} B budget`);
    over = true;
  }
}
for (const [what, total] of [
  ['desktop player', DESKTOP_TOTAL],
  ['mobile widget', MOBILE_TOTAL],
]) {
  let sum = 0;
  for (const file of total.files) {
    const bytes = await readFile(path.join(outdir, file));
    // A file under 1 kB is served uncompressed (apps/console/scripts/compress.mjs).
    sum += bytes.length < 1024 ? bytes.length : gzipSync(bytes, { level: 9 }).length;
  }
  sizes.push(`${what} in all ${sum} B gzipped (budget ${total.budget} B)`);
  if (sum > total.budget) {
    console.error(`player: the ${what}'s files are ${sum} B gzipped, over their ${total.budget} B budget`);
    over = true;
  }
}
const css = await readFile(path.join(outdir, 'atk-player.css'));
console.log(`player: ${sizes.join(', ')}, atk-player.css ${css.length} B → ${path.relative(process.cwd(), outdir)}`);
if (over) process.exit(1);
