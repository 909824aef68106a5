import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, no types
import { buildIfChanged } from '../../../../scripts/build-if-changed.mjs';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A repository's build inputs, and a build that writes the outputs the server serves and counts its runs. */
function repository() {
  root = mkdtempSync(path.join(tmpdir(), 'atk-build-stamp-'));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  write('package-lock.json', '{}');
  write('apps/console/src/main.tsx', 'render()');
  write('apps/player/src/element.ts', 'define()');
  write('packages/contract/src/index.ts', 'export {}');
  const builds = { count: 0 };
  const build = (dir: string) => {
    builds.count++;
    rmSync(path.join(dir, 'apps/console/dist'), { recursive: true, force: true });
    mkdirSync(path.join(dir, 'apps/console/dist/player'), { recursive: true });
    writeFileSync(path.join(dir, 'apps/console/dist/index.html'), '<!doctype html>');
    return true;
  };
  return { write, builds, build };
}

it('builds once, then only when a source, the lockfile or an output changed; --always builds anyway', () => {
  const { write, builds, build } = repository();
  expect(buildIfChanged({ root, build })).toBe('built');
  expect(buildIfChanged({ root, build })).toBe('up to date');
  expect(builds.count).toBe(1);

  for (const changed of ['apps/console/src/main.tsx', 'apps/player/src/element.ts', 'packages/contract/src/new.ts']) {
    write(changed, 'changed()');
    expect(buildIfChanged({ root, build })).toBe('built');
    expect(buildIfChanged({ root, build })).toBe('up to date');
  }
  write('package-lock.json', '{"lockfileVersion":3}');
  expect(buildIfChanged({ root, build })).toBe('built');
  expect(builds.count).toBe(5);

  rmSync(path.join(root, 'apps/console/dist/player'), { recursive: true });
  expect(buildIfChanged({ root, build })).toBe('built');
  expect(buildIfChanged({ root, build, always: true })).toBe('built');
  expect(builds.count).toBe(7);
});

it('writes no stamp when the build failed, so the next start builds again', () => {
  const { build } = repository();
  expect(() => buildIfChanged({ root, build: () => false })).toThrow('the build failed');
  expect(buildIfChanged({ root, build })).toBe('built');
});
