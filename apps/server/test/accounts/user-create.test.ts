/**
 * `npm run user:create` as an operator runs it: the password from standard input (never on the command line), or
 * `--password` for scripts. Each run writes the database the server uses (PostgreSQL when DATABASE_URL is set, else
 * the embedded one in DATA_DIR); the account is then read back from it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword, MSG } from '@atk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { verifySecret } from '../../src/platform/crypto.ts';
import { startTestApp, type TestApp } from '../support/harness.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let app: TestApp;
let dataDir: string;

beforeAll(async () => {
  // a fresh PostgreSQL database when DATABASE_URL is set (the CLI writes there), else an empty DATA_DIR
  app = await startTestApp();
  dataDir = await mkdtemp(path.join(tmpdir(), 'user-create-'));
});
afterAll(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs the command as README shows it, with `stdin` piped in; answers its exit code and output. */
function userCreate(args: string[], stdin: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', 'user:create', '--', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: app.databaseUrl ?? '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** The stored password hash of `email`, read from the database the command wrote. */
async function storedHash(email: string) {
  const database = await openDatabase({ databaseUrl: app.databaseUrl, dataDir });
  try {
    const [row] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
    return row?.hash ?? null;
  } finally {
    await database.close();
  }
}

describe('npm run user:create', () => {
  it('reads the password from standard input: it is never printed, and it is the one stored', async () => {
    const password = 'Piped!2345';
    const run = await userCreate(['--email', 'piped@example.com', '--role', 'global_admin'], `${password}\n`);
    expect(run.stderr).not.toContain(password);
    expect(run.stdout).not.toContain(password);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Created global_admin piped@example\.com \(/);
    const hash = await storedHash('piped@example.com');
    expect(hash).not.toBeNull();
    expect(await verifySecret(hash as string, hashPassword(password))).toBe(true);
    expect(await verifySecret(hash as string, hashPassword('Other!2345'))).toBe(false);
  }, 120_000);

  it('refuses a weak password from standard input with the rule, and creates nothing', async () => {
    const run = await userCreate(['--email', 'weak@example.com', '--role', 'customer'], 'weak\n');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Password: ${MSG.passwordRule}`);
    expect(await storedHash('weak@example.com')).toBeNull();
  }, 120_000);

  it('still takes --password, for scripts', async () => {
    const run = await userCreate(
      ['--email', 'scripted@example.com', '--role', 'customer', '--password', 'Script!2345'],
      '',
    );
    expect(run.code, run.stderr).toBe(0);
    const hash = await storedHash('scripted@example.com');
    expect(await verifySecret(hash as string, hashPassword('Script!2345'))).toBe(true);
  }, 120_000);
});
