#!/usr/bin/env node
/**
 * `npm test`: every test. API tests on PGlite, again on PostgreSQL when DATABASE_URL is set, the player's unit
 * tests (its DOM-free modules, apps/player/test), then the console is built and the browser tests run against a
 * real server (Chromium through Playwright, and WebKit through WebKitWebDriver: e2e/webkit).
 * Ends with one line "N passed, N failed" over everything.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'atk-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function run(title, cmd, args, { cwd = root, env = {} } = {}) {
  console.log(`\n=== ${title} ===`);
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) ok = false;
  return res.status === 0;
}

function countVitest(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}

/** A new, empty database next to DATABASE_URL's, or null without PostgreSQL. */
async function freshPostgresDatabase(prefix) {
  if (!process.env.DATABASE_URL) return null;
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const withoutPg = { ...process.env };
delete withoutPg.DATABASE_URL;

const vitest = (label, env, workspace = 'apps/server') => {
  const out = path.join(work, `vitest-${label}.json`);
  const res = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`], {
    cwd: path.join(root, workspace),
    stdio: 'inherit',
    env,
  });
  if (res.status !== 0) ok = false;
  countVitest(out);
};

console.log('\n=== API tests on PGlite ===');
vitest('pglite', withoutPg);

if (process.env.DATABASE_URL) {
  console.log('\n=== API tests on PostgreSQL ===');
  vitest('postgres', process.env);
} else {
  console.log('\n(PostgreSQL run skipped: set DATABASE_URL to run the API tests on PostgreSQL too)');
}

console.log('\n=== Player unit tests (Vitest) ===');
vitest('player', withoutPg, 'apps/player');

if (run('Build the console', 'npm', ['run', 'build', '-w', 'apps/console'])) {
  const report = path.join(work, 'playwright.json');
  const e2eDatabase = await freshPostgresDatabase('atk_e2e');
  run(
    `Browser tests (Chromium, ${e2eDatabase ? 'PostgreSQL' : 'PGlite'})`,
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    {
      cwd: path.join(root, 'e2e'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_WORK_DIR: work, E2E_DATABASE_URL: e2eDatabase ?? '' },
    },
  );
  try {
    const { stats } = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } catch {
    totals.failed += 1;
  }
  const tap = path.join(work, 'webkit.tap');
  run("Browser test (WebKit, Safari's engine, over http)", 'node', [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    'e2e/webkit/home.webkit.test.ts',
  ]);
  try {
    const text = readFileSync(tap, 'utf8');
    const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    totals.passed += count('pass');
    totals.failed += count('fail') + count('cancelled');
    totals.skipped += count('skipped');
    if (!/^# pass /m.test(text)) totals.failed += 1;
  } catch {
    totals.failed += 1;
  }
} else {
  totals.failed += 1;
}

rmSync(work, { recursive: true, force: true });
if (!ok && totals.failed === 0) totals.failed = 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
