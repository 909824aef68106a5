/**
 * ABX tests (docs/api.md "Listener verdicts"): a visitor who launched an instance offering the test starts one of two
 * of its products; the server picks X for each trial and says nothing of it (the test is signed, each trial's X is
 * played from a URL that names neither product); the answers are scored by the server's own sequence, once; the
 * brand reads tests, trials, correct answers, the pooled one-sided binomial p-value and the share of listeners who
 * reached p < 0.05 alone. Made and read through endpoints (the audio processed as a worker would).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_BASE,
  DEFAULT_FEATURES,
  DEFAULT_SUBSCRIPTION,
  type Instance,
  MSG,
  PERMISSION,
  type PlayerInstance,
  type Preferences,
  type Product,
  STATISTICS_BASE,
  utcToday,
} from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { processAudio } from '../../src/modules/audio/jobs.ts';
import { binomialTail } from '../../src/modules/statistics/verdicts.ts';
import { createStorage } from '../../src/platform/storage/index.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import { sine, wav } from '../support/audio.ts';
import { startTestApp, type TestApp } from '../support/harness.ts';
import { instanceShowing, publishedProduct, type Tenants, tenants } from '../support/tenants.ts';
import { launched, sendAs, type Visitor } from '../support/visitors.ts';

let app: TestApp;
let t: Tenants;
let dataDir: string;
let song: string;
let source: string;
let mics: Product[];
let abx: Instance;
/** Each product's processed recording, as the player reads it. */
const recordings = new Map<string, Buffer>();

async function withAudio(product: Product, freq: number) {
  const token = t.a.token;
  const query = new URLSearchParams({
    mine_type: 'wav',
    product_id: product._id,
    song_id: song,
    instrument_id: source,
  });
  const link = await app.call<{ presigned_url: string; key: string; headers: Record<string, string> }>(
    'GET',
    `/aws/presigned_url?${query}`,
    { token },
  );
  expectOk(link);
  const file = wav(sine({ freq, dbfs: -18, seconds: 1, sampleRate: 48000, channels: 1 }), 48000);
  const put = await fetch(link.body.data.presigned_url.replace('http://portal.test', app.url), {
    method: 'PUT',
    headers: link.body.data.headers,
    body: file,
  });
  expect(put.status).toBeLessThan(300);
  await put.arrayBuffer();
  const content = { song_id: song, instrument_id: source, url: link.body.data.key, name: `${freq}.wav` };
  const saved = await app.call<{ audio: { _id: string }[] }>('PUT', `/products/${product._id}`, {
    token,
    body: { type: 'audio', content },
  });
  expectOk(saved, MSG.uploadSuccess);
  // What a worker does with the job (the test app runs none).
  const storage = await createStorage({ ...loadConfig({}), dataDir, publicUrl: 'http://portal.test' });
  expect(await processAudio({ db: app.db, storage }, saved.body.data.audio[0]._id)).toBe('ready');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atk-abx-'));
  app = await startTestApp({ dataDir, trustProxy: 1 });
  t = await tenants(app);
  const made = await app.call<{ _id: string }>('POST', '/songs', { token: t.a.token, body: { name: 'ABX song' } });
  song = made.body.data._id;
  const src = await app.call<{ _id: string }>('POST', '/instruments', {
    token: t.a.token,
    body: { song_id: song, name: 'Vocal' },
  });
  source = src.body.data._id;
  mics = [];
  for (const [name, freq] of [
    ['ABX One', 440],
    ['ABX Two', 660],
    ['ABX Three', 880],
  ] as const) {
    const p = await publishedProduct(app, t, t.a.token, name);
    expectOk(
      await app.call('PUT', `/products/${p._id}`, { token: t.a.token, body: { type: 'songs', content: [song] } }),
      MSG.updateSuccess,
    );
    await withAudio(p, freq);
    mics.push(p);
  }
  abx = await instanceShowing(app, t, t.a.token, 'ABX', mics.slice(0, 2));
  const read = (await (await fetch(`${app.url}${API_BASE}/widget/instances/${abx._id}`)).json()) as {
    data: PlayerInstance;
  };
  for (const version of read.data.songs.flatMap((s) => s.sources.flatMap((x) => x.versions))) {
    const res = await fetch(version.url.replace('http://portal.test', app.url));
    recordings.set(version.product_id, Buffer.from(await res.arrayBuffer()));
  }
  expect(recordings.size).toBe(2);
}, 120_000);
afterAll(async () => {
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const features = (trials: number, on: 0 | 1 = 1) => ({
  features: { ...DEFAULT_FEATURES, abx_test: { is_enable: on, trials } },
});
const start = (v: Visitor, body: Record<string, unknown> = {}) =>
  fetch(`${app.url}${API_BASE}/widget/abx`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': v.address },
    body: JSON.stringify({
      visitor_id: v.visitor,
      token: v.token,
      instance_id: abx._id,
      song_id: song,
      source_id: source,
      a_id: mics[0]._id,
      b_id: mics[1]._id,
      ...body,
    }),
  }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as { msg: string; data: { test: string; trials: number } },
  }));
const trialAudio = (test: string, trial: number) =>
  fetch(`${app.url}${API_BASE}/widget/abx/audio?${new URLSearchParams({ test, trial: String(trial) })}`);

/** What X was in each trial, told apart as a listener would: by what it sounds like (here, its bytes). */
async function xOf(test: string, trials: number): Promise<('A' | 'B')[]> {
  const out: ('A' | 'B')[] = [];
  for (let n = 1; n <= trials; n++) {
    const res = await trialAudio(test, n);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.equals(recordings.get(mics[0]._id) as Buffer)) out.push('A');
    else if (bytes.equals(recordings.get(mics[1]._id) as Buffer)) out.push('B');
    else throw new Error(`trial ${n} played neither recording`);
  }
  return out;
}
const flip = (x: 'A' | 'B') => (x === 'A' ? 'B' : 'A');

describe('ABX tests', () => {
  it('the ABX test feature is refused (402) unless the subscription includes it; the player reads its trials', async () => {
    const refused = await app.call('PUT', `/instances/${abx._id}`, { token: t.a.token, body: features(8) });
    expect(refused.status).toBe(402);
    expect(refused.body.msg).toBe(PERMISSION.abx_test);
    expectOk(
      await app.call('PUT', `/admin/users/${t.a.id}`, {
        token: t.users.global_admin.token,
        body: { subscription: { ...DEFAULT_SUBSCRIPTION, abx_test: { is_enable: 1 } } },
      }),
      MSG.updateSuccess,
    );
    const bad = await app.call('PUT', `/instances/${abx._id}`, { token: t.a.token, body: features(17) });
    expectError(bad, 400, 'features.abx_test.trials must be at most 16');
    expectOk(
      await app.call('PUT', `/instances/${abx._id}`, { token: t.a.token, body: features(8) }),
      MSG.updateSuccess,
    );
    const read = (await (await fetch(`${app.url}${API_BASE}/widget/instances/${abx._id}`)).json()) as {
      data: PlayerInstance;
    };
    expect(read.data.features.abx_trials).toBe(8);
  });

  it('a test is started only with the launch token, for two of the instance’s products; it does not say X', async () => {
    const v = await launched(app.url, abx._id, { address: '198.51.100.1' });
    const started = await start(v);
    expect(started.status).toBe(200);
    expect(started.body.data.trials).toBe(8);
    const payload = JSON.parse(Buffer.from(started.body.data.test.split('.')[0], 'base64url').toString());
    expect(Object.keys(payload).sort()).toEqual(
      ['a', 'b', 'instance', 'issued', 'nonce', 'song', 'source', 'trials', 'visitor', 'widget'].sort(),
    );
    const refused = async (body: Record<string, unknown>, who = v) => {
      const res = await start(who, body);
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe(MSG.abxNotAvailable);
    };
    await refused({ token: 'not-a-token' });
    const tokenless = await start(v, { token: undefined });
    expect(tokenless.status).toBe(400);
    expect(tokenless.body.msg).toBe('token is required');
    await refused({ visitor_id: crypto.randomUUID() });
    await refused({ b_id: mics[2]._id }); // not in the instance
    await refused({ song_id: crypto.randomUUID() });
    const same = await start(v, { b_id: mics[0]._id });
    expect(same.status).toBe(400);
    expect(same.body.msg).toBe('b_id must not be product A');
    // Trials outside 1..8 and a forged test play nothing.
    expect((await trialAudio(started.body.data.test, 0)).status).toBe(404);
    expect((await trialAudio(started.body.data.test, 9)).status).toBe(404);
    // forged: the MAC's first character changed (its last one carries only 2 of 6 bits, so changing the end alone
    // gave the same MAC once in 256 tests)
    const [body, mac] = started.body.data.test.split('.');
    expect((await trialAudio(`${body}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`, 1)).status).toBe(404);
  });

  it('the answers are scored by the server’s sequence, once; the brand reads the pooled p-value', async () => {
    const v = await launched(app.url, abx._id, { address: '198.51.100.2' });
    const { test, trials } = (await start(v)).body.data;
    const x = await xOf(test, trials);
    // One wrong answer: 7 of 8.
    const answers = x.map((answer, i) => (i === 3 ? flip(answer) : answer));
    const event = { type: 'abx', instance_id: abx._id, test, answers, trial_seconds: answers.map(() => 4) };
    // the answer gives the listener the score, once the answers are in; the page had nothing of X before
    const first = await sendAs(v, [event]);
    expect(first.accepted).toBe(1);
    expect(first.abx).toEqual([{ test, trials: 8, correct: 7, p_value: binomialTail(7, 8) }]);
    const again = await sendAs(v, [event]);
    expect(again.accepted).toBe(0); // once
    expect(again.abx).toBeUndefined();
    // Another visitor cannot send them; nor an answer list of another length.
    const w = await launched(app.url, abx._id, { address: '198.51.100.3' });
    expect((await sendAs(w, [event])).accepted).toBe(0);
    const own = (await start(w)).body.data;
    expect(
      (await sendAs(w, [{ type: 'abx', instance_id: abx._id, test: own.test, answers: ['A', 'B', 'A', 'B', 'A'] }]))
        .accepted,
    ).toBe(0);
    // w guesses everything wrong: 0 of 8.
    const wx = await xOf(own.test, own.trials);
    expect(
      (await sendAs(w, [{ type: 'abx', instance_id: abx._id, test: own.test, answers: wx.map(flip) }])).accepted,
    ).toBe(1);

    const today = utcToday();
    const res = await app.call<Preferences>(
      'GET',
      `${STATISTICS_BASE}/statistics/preferences?start=${today}&end=${today}&instance_id=${abx._id}`,
      { token: t.a.token },
    );
    expectOk(res);
    const [a, b] = [mics[0], mics[1]].sort((p, q) => p.general.name.localeCompare(q.general.name));
    expect(res.body.data.abx).toEqual([
      {
        a_id: a._id,
        a_name: a.general.name,
        b_id: b._id,
        b_name: b.general.name,
        tests: 2,
        trials: 16,
        correct: 7,
        p_value: binomialTail(7, 16),
        significant_share: 0.5,
      },
    ]);
    expect(binomialTail(7, 8)).toBeCloseTo(9 / 256, 12);
    // Another brand's customer: 404 for this instance.
    expectError(
      await app.call(
        'GET',
        `${STATISTICS_BASE}/statistics/preferences?start=${today}&end=${today}&instance_id=${abx._id}`,
        {
          token: t.b.token,
        },
      ),
      404,
      MSG.instanceNotFound,
    );
  });

  it('a malformed ABX event is a 400; a test of an instance that stopped offering it counts nothing', async () => {
    const v = await launched(app.url, abx._id, { address: '198.51.100.4' });
    const res = await fetch(`${app.url}${API_BASE}/widget/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': v.address },
      body: JSON.stringify({ visitor_id: v.visitor, token: v.token, events: [{ type: 'abx', instance_id: abx._id }] }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe('events.0.test is required for an ABX test');
    const { test, trials } = (await start(v)).body.data;
    const x = await xOf(test, trials);
    expectOk(
      await app.call('PUT', `/instances/${abx._id}`, { token: t.a.token, body: features(8, 0) }),
      MSG.updateSuccess,
    );
    expect((await trialAudio(test, 1)).status).toBe(404);
    expect((await sendAs(v, [{ type: 'abx', instance_id: abx._id, test, answers: x }])).accepted).toBe(0);
  });
});
