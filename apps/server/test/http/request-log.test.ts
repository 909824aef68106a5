import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoggingOptions, logLevel } from '../../src/platform/logging.ts';
import { startTestApp, type TestApp } from '../support/harness.ts';

const LANDING = '/widget/settings/landing_instance';
const MISSING_INSTANCE = '/widget/instances/00000000-0000-4000-8000-000000000000';
const TOKEN = 'a-session-token-that-must-stay-out-of-the-log';

/** An app whose JSON log lines are kept; LOG_LEVEL as given, read the way `npm start` reads it. */
function logged(env: { LOG_LEVEL?: string }, opts: Omit<LoggingOptions, 'destination'> = {}) {
  const state = { app: undefined as unknown as TestApp, lines: [] as Record<string, unknown>[] };
  beforeAll(async () => {
    if (env.LOG_LEVEL) process.env.LOG_LEVEL = env.LOG_LEVEL;
    try {
      state.app = await startTestApp(
        {},
        { logger: { ...opts, destination: { write: (line: string) => void state.lines.push(JSON.parse(line)) } } },
      );
    } finally {
      delete process.env.LOG_LEVEL;
    }
  });
  afterAll(() => state.app.close());
  return {
    get app() {
      return state.app;
    },
    /** The per-request lines written since the last call. */
    requestLines() {
      const lines = state.lines.filter((l) => /^(request|slow request|incoming request)/.test(String(l.msg)));
      state.lines.length = 0;
      return lines;
    },
    all: () => JSON.stringify(state.lines),
  };
}

describe('request log at info (the default)', () => {
  const log = logged({});

  it('writes no line for a quick public player read', async () => {
    expect((await log.app.call('GET', LANDING)).status).toBe(200);
    expect(log.requestLines()).toEqual([]);
  });

  it('writes no line for a player’s event batch, and one for a batch refused', async () => {
    const batch = { visitor_id: randomUUID(), page_url: 'https://shop.example/mic', events: [] as object[] };
    batch.events.push({ type: 'launch', instance_id: randomUUID() });
    expect((await log.app.call('POST', '/widget/events', { body: batch })).status).toBe(200);
    expect(log.requestLines()).toEqual([]);
    expect((await log.app.call('POST', '/widget/events', { body: { ...batch, events: [] } })).status).toBe(400);
    expect(log.requestLines()).toEqual([
      expect.objectContaining({ level: 30, msg: 'request completed', res: { statusCode: 400 } }),
    ]);
  });

  it('writes one line for a public read that failed', async () => {
    expect((await log.app.call('GET', MISSING_INSTANCE)).status).toBe(404);
    expect(log.requestLines()).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: `/api/v1/atk_player${MISSING_INSTANCE}` }),
        res: { statusCode: 404 },
      }),
    ]);
  });

  it('writes one line for an API call, without its Authorization header', async () => {
    const reply = await log.app.call('GET', '/users/info', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.status).toBe(401);
    expect(log.requestLines()).toEqual([
      expect.objectContaining({
        level: 30,
        req: expect.objectContaining({ url: '/api/v1/atk_player/users/info' }),
        res: { statusCode: 401 },
      }),
    ]);
    expect(log.all()).not.toContain(TOKEN);
  });
});

describe('request log of a slow request', () => {
  const log = logged({}, { slowRequestMs: 0 });

  it('writes a warning even for a public player read', async () => {
    expect((await log.app.call('GET', LANDING)).status).toBe(200);
    expect(log.requestLines()).toEqual([
      expect.objectContaining({ level: 40, msg: 'slow request', res: { statusCode: 200 } }),
    ]);
  });
});

describe('LOG_LEVEL', () => {
  describe('debug', () => {
    const log = logged({ LOG_LEVEL: 'debug' });
    it('shows the public reads too', async () => {
      expect((await log.app.call('GET', LANDING)).status).toBe(200);
      expect(log.requestLines()).toEqual([
        expect.objectContaining({ level: 20, msg: 'incoming request' }),
        expect.objectContaining({ level: 20, msg: 'request completed', res: { statusCode: 200 } }),
      ]);
    });
  });

  describe('warn', () => {
    const log = logged({ LOG_LEVEL: 'warn' });
    it('hides the answered requests', async () => {
      expect((await log.app.call('GET', MISSING_INSTANCE)).status).toBe(404);
      expect((await log.app.call('GET', '/users/info')).status).toBe(401);
      expect(log.requestLines()).toEqual([]);
    });
  });

  it('refuses a level it does not know', () => {
    expect(() => logLevel({ LOG_LEVEL: 'verbose' })).toThrow(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"',
    );
    expect(logLevel({ LOG_LEVEL: ' Debug ' })).toBe('debug');
    expect(logLevel({})).toBe('info');
  });
});
