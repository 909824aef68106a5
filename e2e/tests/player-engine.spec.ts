/**
 * The player's audio engine in Chromium (issue 5): versions of one source processed by the real pipeline are
 * played through the engine, rendered offline, and compared sample by sample with the whole files decoded by
 * the browser. Also: a switch is a short crossfade with no gap, levels are matched from the loudness, memory
 * stays bounded for six three-minute versions, and a version that fails to load leaves the others playing.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { build } from 'esbuild';
import { bursts } from '../../apps/server/src/bootstrap/demo/dsp.ts';
import { MICROPHONES, throughMicrophone } from '../../apps/server/src/bootstrap/demo/microphones.ts';
import { processAudioFile } from '../../apps/server/src/platform/media/process.ts';
import { encodeWav } from '../../apps/server/src/platform/media/wav.ts';

const ORIGIN = 'http://engine.test';
const RATE = 48000;

interface Fixture {
  name: string;
  mp3: Buffer;
  lufs: number;
}
let dir: string;
let engineScript: string;
const fixtures: Fixture[] = [];
let longMp3: Buffer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = await mkdtemp(path.join(tmpdir(), 'atk-engine-'));
  const bundle = await build({
    entryPoints: [path.resolve(import.meta.dirname, '../../apps/player/src/engine/engine.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'AtkEngine',
    write: false,
    target: 'es2020',
  });
  engineScript = bundle.outputFiles[0].text;
  // One performance through two microphones, the second 6 dB quieter: two versions to compare.
  const source = bursts(9, RATE, 7);
  for (const [name, mic, gain] of [
    ['condenser', 0, 1],
    ['ribbon', 1, 0.5],
  ] as const) {
    const take = throughMicrophone(source, MICROPHONES[mic], RATE, mic + 1).map((v) => v * gain);
    const file = path.join(dir, `${name}.wav`);
    await writeFile(file, encodeWav([take, take.map((v) => v * 0.9)], RATE, 24));
    const work = await mkdtemp(path.join(dir, `${name}-`));
    const processed = await processAudioFile(file, work);
    fixtures.push({ name, mp3: await readFile(processed.mp3File), lufs: processed.loudness.lufs });
  }
  // Three minutes, for the memory bound.
  const long = path.join(dir, 'long.wav');
  const minutes = bursts(180, RATE, 11);
  await writeFile(long, encodeWav([minutes, minutes], RATE, 16));
  longMp3 = await readFile((await processAudioFile(long, await mkdtemp(path.join(dir, 'long-')))).mp3File);
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function openEngine(page: Page) {
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/') {
      return route.fulfill({ contentType: 'text/html', body: `<!doctype html><script>${engineScript}</script>` });
    }
    const name = url.pathname.slice(1).replace(/\.mp3$/, '');
    if (name.startsWith('long')) return route.fulfill({ contentType: 'audio/mpeg', body: longMp3 });
    const f = fixtures.find((x) => x.name === name);
    return f ? route.fulfill({ contentType: 'audio/mpeg', body: f.mp3 }) : route.fulfill({ status: 404, body: '' });
  });
  await page.goto(`${ORIGIN}/`);
}

/**
 * Streamed: each version's first 100 kB (≈ 2.5 s; a window is ≈ 1.5 s here) arrive at once and the rest is held
 * back, the first version's until 0.5 s into the render, the second's until 2.25 s, in the middle of its second
 * window. Playing must start on the first bytes, and the late window must join at the clock, not behind it.
 */
const HELD = [
  { first: 100_000, releaseAt: 0.5 },
  { first: 100_000, releaseAt: 2.25 },
];

for (const streamed of [false, true])
  test(`versions play sample-locked and seamless across windows; a switch crossfades in 25 ms; levels matched${streamed ? '; streamed, starting on the first bytes' : ''}`, async ({
    page,
  }) => {
    await openEngine(page);
    const versions = fixtures.map((f) => ({ id: f.name, url: `${ORIGIN}/${f.name}.mp3`, lufs: f.lufs }));
    const result = await page.evaluate(
      async ({ versions, rate, held }) => {
        type EngineModule = {
          AudioEngine: new (
            o: object,
          ) => {
            load(v: unknown[], selected: string, rate: number): Promise<void>;
            play(): Promise<void>;
            select(id: string): void;
            pump(): Promise<void>;
            readonly settled: Promise<void>;
            readonly durationSamples: number;
          };
        };
        const { AudioEngine } = (window as unknown as { AtkEngine: EngineModule }).AtkEngine;
        const seconds = 8;
        const offline = new OfflineAudioContext(2, rate * seconds, rate);
        // A fetch whose bodies stream: the first bytes at once, the rest when released.
        const releases: (() => void)[] = [];
        let delivered = 0;
        const heldFetch = async (url: string) => {
          const whole = new Uint8Array(await (await fetch(url)).arrayBuffer());
          const plan = held?.[versions.findIndex((v) => v.url === url)];
          if (!plan) {
            delivered += whole.length;
            return new Response(whole);
          }
          let released!: () => void;
          const release = new Promise<void>((r) => {
            released = r;
          });
          releases.push(released);
          const body = new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(whole.slice(0, plan.first));
              delivered += plan.first;
              await release;
              for (let at = plan.first; at < whole.length; at += 16_384)
                controller.enqueue(whole.slice(at, at + 16_384));
              delivered += whole.length - plan.first;
              controller.close();
            },
          });
          return new Response(body, { headers: { 'content-length': String(whole.length) } });
        };
        // Small windows (64 frames ≈ 1.5 s) so the render crosses several seams.
        const engine = new AudioEngine({ makeContext: () => offline, windowFrames: 64, fetch: heldFetch });
        await engine.load(versions, versions[0].id, rate);
        const playableAfter = delivered;
        if (!held) await engine.settled;
        await engine.play();
        const switchAt = 4;
        for (let t = 0.25; t < seconds; t += 0.25) {
          void offline.suspend(t).then(async () => {
            held?.forEach((plan, i) => {
              if (plan.releaseAt === t) releases[i]();
            });
            // Let the released bytes arrive before the engine looks (a network would have had the time).
            if (held) await new Promise((r) => setTimeout(r, 50));
            if (t === switchAt) engine.select(versions[1].id);
            await engine.pump();
            await offline.resume();
          });
        }
        const out = (await offline.startRendering()).getChannelData(0);
        const decode = async (url: string) =>
          (await offline.decodeAudioData(await (await fetch(url)).arrayBuffer())).getChannelData(0);
        const [a, b] = [await decode(versions[0].url), await decode(versions[1].url)];
        // The engine starts its clock START_AHEAD after 0; find where the music begins in the render.
        const lag = (x: Float32Array, ref: Float32Array, from: number, len: number, max: number) => {
          let best = 0;
          let bestScore = -Infinity;
          for (let l = 0; l <= max; l++) {
            let s = 0;
            for (let i = 0; i < len; i++) s += x[from + l + i] * ref[from + i];
            if (s > bestScore) {
              bestScore = s;
              best = l;
            }
          }
          return best;
        };
        const from = Math.round(0.5 * rate);
        const lagA = lag(out, a, from, rate / 2, rate / 5);
        const lagB = lag(out, b, Math.round(5 * rate), rate / 2, rate / 5);
        // Residual against the whole-file decode, scaled by the level match, across window seams.
        const ratio = (x: Float32Array, ref: Float32Array, l: number, start: number, end: number) => {
          let num = 0;
          let den = 0;
          for (let i = start; i < end; i++) {
            num += x[i + l] * ref[i];
            den += ref[i] * ref[i];
          }
          const g = num / den;
          let worst = 0;
          for (let i = start; i < end; i++) worst = Math.max(worst, Math.abs(x[i + l] - g * ref[i]));
          let peak = 0;
          for (let i = start; i < end; i++) peak = Math.max(peak, Math.abs(ref[i]));
          return { gain: g, worst: worst / peak };
        };
        const before = ratio(out, a, lagA, Math.round(0.2 * rate), Math.round(3.9 * rate));
        const after = ratio(out, b, lagB, Math.round(4.2 * rate), Math.round(7.5 * rate));
        // The switch: from 4.005 s the render follows an equal-power crossfade of the two over 25 ms.
        const fadeStart = Math.round((switchAt + 0.005) * rate);
        const fadeLength = 0.025 * rate;
        let fadeWorst = 0;
        let fadePeak = 0;
        for (let n = Math.round((switchAt - 0.05) * rate); n < Math.round((switchAt + 0.1) * rate); n++) {
          const x = (Math.min(1, Math.max(0, (n - fadeStart) / fadeLength)) * Math.PI) / 2;
          const want = before.gain * a[n - lagA] * Math.cos(x) + after.gain * b[n - lagB] * Math.sin(x);
          fadeWorst = Math.max(fadeWorst, Math.abs(out[n] - want));
          fadePeak = Math.max(fadePeak, Math.abs(want));
        }
        return {
          lagA,
          lagB,
          before,
          after,
          fade: fadeWorst / fadePeak,
          duration: engine.durationSamples,
          fileLength: a.length,
          playableAfter,
          total: delivered,
        };
      },
      { versions, rate: RATE, held: streamed ? HELD : null },
    );
    // Streamed, it could play on the first bytes: at most the 2 × 100 kB held back, of the two files' ~720 kB.
    if (streamed) expect(result.playableAfter).toBeLessThanOrEqual(200_000);
    expect(result.total).toBeGreaterThan(600_000);
    // The same start for both versions: zero samples between them.
    expect(result.lagA).toBe(result.lagB);
    // The engine's timeline is the recording's: as long as the browser's gapless decode of the whole file.
    expect(result.duration).toBe(result.fileLength);
    // Window by window the engine plays exactly what the whole file decodes to (no seam, no drift).
    expect(result.before.worst).toBeLessThan(1e-4);
    expect(result.after.worst).toBeLessThan(1e-4);
    // Level matched: the louder version is brought down to the quieter one's loudness.
    const expected = 10 ** ((Math.min(...fixtures.map((f) => f.lufs)) - fixtures[0].lufs) / 20);
    expect(result.before.gain).toBeCloseTo(expected, 2);
    expect(result.after.gain).toBeCloseTo(1, 2);
    // No gap, no click: the crossfade is what an equal-power fade of the two makes, to within 0.5 %.
    expect(result.fade).toBeLessThan(0.005);
  });

test('six three-minute versions hold under 150 MB of decoded audio while playing and seeking', async ({ page }) => {
  await openEngine(page);
  const peak = await page.evaluate(async (origin) => {
    type EngineModule = {
      AudioEngine: new () => {
        load(v: unknown[], selected: string, rate: number): Promise<void>;
        play(): Promise<void>;
        seek(s: number): Promise<void>;
        select(id: string): void;
        readonly peakDecodedBytes: number;
        readonly duration: number;
        readonly state: string;
        readonly settled: Promise<void>;
        readonly failures: Map<string, string>;
      };
    };
    const { AudioEngine } = (window as unknown as { AtkEngine: EngineModule }).AtkEngine;
    const engine = new AudioEngine();
    const versions = Array.from({ length: 6 }, (_, i) => ({ id: `v${i}`, url: `${origin}/long${i}.mp3`, lufs: -20 }));
    await engine.load(versions, 'v0', 48000);
    await engine.settled;
    await engine.play();
    for (const at of [10, 60, 120, 175]) {
      await engine.seek(at);
      engine.select(`v${Math.floor(at) % 6}`);
      await new Promise((r) => setTimeout(r, 700));
    }
    return { peak: engine.peakDecodedBytes, duration: engine.duration, failed: engine.failures.size };
  }, ORIGIN);
  console.log(`six 3-minute versions: at most ${(peak.peak / 2 ** 20).toFixed(1)} MB of decoded audio`);
  expect(peak.duration).toBeGreaterThan(179);
  expect(peak.failed).toBe(0);
  // At least one window (256 frames of stereo float) of each of the six was held at once.
  expect(peak.peak).toBeGreaterThan(6 * 256 * 1152 * 2 * 4);
  expect(peak.peak).toBeLessThan(150 * 1024 * 1024);
});

test('a version that cannot be loaded is reported; the others load and play', async ({ page }) => {
  await openEngine(page);
  const outcome = await page.evaluate(async (origin) => {
    type EngineModule = {
      AudioEngine: new () => {
        load(v: unknown[], selected: string, rate: number): Promise<void>;
        play(): Promise<void>;
        listen(l: { error(id: string, msg: string): void }): void;
        readonly failures: Map<string, string>;
        readonly state: string;
        readonly position: number;
      };
    };
    const { AudioEngine } = (window as unknown as { AtkEngine: EngineModule }).AtkEngine;
    const engine = new AudioEngine();
    const errors: string[] = [];
    engine.listen({ error: (id, msg) => errors.push(`${id}: ${msg}`) });
    await engine.load(
      [
        { id: 'missing', url: `${origin}/missing.mp3`, lufs: null },
        { id: 'ok', url: `${origin}/condenser.mp3`, lufs: -20 },
      ],
      'missing',
      48000,
    );
    await engine.play();
    await new Promise((r) => setTimeout(r, 600));
    return { errors, state: engine.state, position: engine.position };
  }, ORIGIN);
  expect(outcome.errors).toEqual(['missing: The audio could not be loaded (the server answered 404)']);
  expect(outcome.state).toBe('playing');
  expect(outcome.position).toBeGreaterThan(0.2);
});
