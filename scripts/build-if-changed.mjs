#!/usr/bin/env node
/**
 * Builds the console and the player (`npm run build -w apps/console`) only when their inputs changed since the last
 * build: `npm start` calls it, so a restart is up in seconds. `--always` builds anyway (`npm run build`).
 * The inputs' digest is kept in apps/console/dist/.build-stamp, written after a build that succeeded; a vite build
 * empties dist, so a build run any other way leaves no stamp and the next start builds once more.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the build reads, relative to the repository: folders are read whole. */
export const BUILD_INPUTS = [
  'package-lock.json',
  'packages/contract/package.json',
  'packages/contract/src',
  'apps/console/package.json',
  'apps/console/index.html',
  'apps/console/vite.config.ts',
  'apps/console/tsconfig.json',
  'apps/console/public',
  'apps/console/scripts',
  'apps/console/src',
  'apps/player/package.json',
  'apps/player/build.mjs',
  'apps/player/src',
];

const STAMP = 'apps/console/dist/.build-stamp';
/** Without these the server has no console or no player to serve, whatever the stamp says. */
const OUTPUTS = ['apps/console/dist/index.html', 'apps/console/dist/player'];

function files(root, rel) {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [rel];
  return readdirSync(abs, { withFileTypes: true })
    .filter((e) => e.name !== 'node_modules' && e.name !== 'dist')
    .flatMap((e) => files(root, path.posix.join(rel, e.name)));
}

/** A digest of every input's path and bytes. */
export function inputsDigest(root) {
  const hash = createHash('sha256');
  for (const rel of BUILD_INPUTS.flatMap((input) => files(root, input)).sort()) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function upToDate(root, digest) {
  if (!OUTPUTS.every((out) => existsSync(path.join(root, out)))) return false;
  const stamp = path.join(root, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest;
}

const npmBuild = (root) =>
  spawnSync('npm', ['run', 'build', '-w', 'apps/console'], { cwd: root, stdio: 'inherit' }).status === 0;

/**
 * Builds unless the outputs are there and the inputs are those of the last build; `build` returns whether it
 * succeeded. Returns 'built' or 'up to date'; throws when the build failed (no stamp is written then).
 */
export function buildIfChanged({ root, always = false, build = npmBuild }) {
  const digest = inputsDigest(root);
  if (!always && upToDate(root, digest)) return 'up to date';
  if (!build(root)) throw new Error('the build failed');
  writeFileSync(path.join(root, STAMP), `${digest}\n`);
  return 'built';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '..');
  try {
    const outcome = buildIfChanged({ root, always: process.argv.includes('--always') });
    if (outcome === 'up to date') console.log('console and player are up to date (apps/console/dist/.build-stamp)');
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
