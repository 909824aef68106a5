import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// Shared with the tests (outbox); fixed per run by the first evaluation of this file.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(process.env.E2E_WORK_DIR ?? tmpdir(), 'e2e-data-'));

export default defineConfig({
  testDir: './tests',
  // A journey through several screens takes 15–20 s alone and near 30 s beside the other worker on a 2-core CI
  // machine while the fresh server still renders the demo audio: 60 s, so only a real hang fails by time.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  workers: 2,
  // One retry keeps a timing hiccup on a loaded CI machine from failing the build; the report still counts it as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx ../apps/server/src/main.ts',
    url: `http://127.0.0.1:${port}/api/v1/atk_player/widget/settings/landing_instance`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      NODE_ENV: 'test',
    },
  },
});
