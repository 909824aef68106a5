#!/usr/bin/env node
/**
 * `npm test`: every test. API tests on PGlite, again on PostgreSQL when DATABASE_URL is set, the player's unit
 * tests (its DOM-free modules, apps/player/test), then the console is built and the browser tests run against a
 * real server (Chromium through Playwright; WebKit through WebKitWebDriver and Firefox through puppeteer-core:
 * e2e/engines).
 * Ends with the name of each flaky and each failed test, then one line "N passed, N failed" over everything: a CI
 * log cut to its tail still says what failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'atk-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** "suite: file › test" of each failed test, and of each that passed only on its retry, printed at the end. */
const failures = [];
const flaky = [];
let ok = true;

/** A part whose report is missing or says nothing: one failure, named. */
function lost(what) {
  totals.failed += 1;
  failures.push(what);
}

function run(title, cmd, args, { cwd = root, env = {} } = {}) {
  console.log(`\n=== ${title} ===`);
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) ok = false;
  return res.status === 0;
}

function countVitest(label, file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    for (const result of r.testResults) {
      const where = path.relative(root, result.name);
      const failed = result.assertionResults.filter((t) => t.status === 'failed');
      for (const t of failed) failures.push(`${label}: ${where} › ${t.fullName}`);
      // A test that passed on its retry keeps the first try's error.
      for (const t of result.assertionResults.filter((t) => t.status === 'passed' && t.failureMessages.length))
        flaky.push(`${label}: ${where} › ${t.fullName}: ${t.failureMessages[0].split('\n')[0].slice(0, 200)}`);
      // A file that fails to load has no test results, only its message.
      if (result.status === 'failed' && failed.length === 0) failures.push(`${label}: ${where} (${result.message})`);
    }
  } catch {
    lost(`${label}: no report (${file})`);
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

/** Playwright's JSON report: "file:line › title" of each test that failed on every try, and of each flaky one. */
function playwrightTests(report) {
  const out = { failed: [], flaky: [] };
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const name = `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`;
      if (!spec.ok) out.failed.push(name);
      else if (spec.tests.some((t) => t.status === 'flaky')) out.flaky.push(name);
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
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
  const before = failures.length;
  countVitest(label, out);
  if (res.status !== 0 && failures.length === before)
    failures.push(`${label}: Vitest exited ${res.status} (an error outside the tests)`);
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
    const tests = playwrightTests(JSON.parse(readFileSync(report, 'utf8')));
    for (const name of tests.failed) failures.push(`chromium: ${name}`);
    for (const name of tests.flaky) flaky.push(`chromium: ${name}`);
  } catch {
    lost('chromium: no report');
  }
  const tap = path.join(work, 'engines.tap');
  run("Browser tests (WebKit, Safari's engine, over http; Firefox)", 'node', [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    'e2e/engines/engines.test.ts',
  ]);
  try {
    const text = readFileSync(tap, 'utf8');
    const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    totals.passed += count('pass');
    totals.failed += count('fail') + count('cancelled');
    totals.skipped += count('skipped');
    if (!/^# pass /m.test(text)) lost('engines: its report counts no test');
    for (const m of text.matchAll(/^\s*not ok \d+ - (.*)$/gm)) failures.push(`engines: ${m[1]}`);
  } catch {
    lost('engines: no report');
  }
} else {
  lost('the console did not build');
}

rmSync(work, { recursive: true, force: true });
if (flaky.length) console.log(`\nFlaky (passed on the retry):\n${flaky.map((f) => `  ${f}`).join('\n')}`);
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (!ok && totals.failed === 0) totals.failed = 1;
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}${flaky.length ? ` (${flaky.length} flaky)` : ''}`,
);
process.exit(ok && totals.failed === 0 ? 0 : 1);
