/**
 * Versions of one source stay sample-aligned after processing. LAME primes the encoder (576 + 529 = 1105
 * samples of delay) and pads the last frame; the pipeline writes both into the MP3's LAME/Xing header, and a
 * decoder that honours it returns exactly the source's samples. Measured here by cross-correlation, with ffmpeg
 * and (when present) Chromium's decodeAudioData, the player's decoder.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MICROPHONES, throughMicrophone } from '../../src/bootstrap/demo/microphones.ts';
import { mediaTools } from '../../src/platform/media/binaries.ts';
import { type ProcessedAudio, processAudioFile } from '../../src/platform/media/process.ts';
import { runTool } from '../../src/platform/media/run.ts';
import { bursts, convert, decode, lagOf, wav } from '../support/audio.ts';

const RATE = 48000;

type OfflineContext = new (
  channels: number,
  length: number,
  rate: number,
) => {
  decodeAudioData(
    data: ArrayBuffer,
  ): Promise<{ length: number; sampleRate: number; getChannelData(c: number): Float32Array }>;
};
let dir: string;
/** One source through two (and three) different microphones: the versions to compare. */
const versions: { name: string; original: Float32Array; processed: ProcessedAudio }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atk-align-'));
  const source = bursts(4, RATE, 3);
  const make = async (name: string, micIndex: number, ext: 'wav' | 'flac' | 'mp3') => {
    const original = throughMicrophone(source, MICROPHONES[micIndex], RATE, micIndex + 1);
    const file = path.join(dir, `${name}.wav`);
    await writeFile(file, wav([original], RATE, 24));
    let upload = file;
    if (ext !== 'wav') {
      upload = path.join(dir, `${name}.${ext}`);
      await convert(file, upload, ext === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '256k'] : []);
    }
    const work = await mkdtemp(path.join(dir, `${name}-`));
    versions.push({ name, original, processed: await processAudioFile(upload, work) });
  };
  // Different formats on the way in, too: a WAV, a FLAC and an MP3 (which has its own priming).
  await make('condenser', 0, 'wav');
  await make('ribbon', 1, 'flac');
  await make('pencil', 3, 'mp3');
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('sample alignment of processed versions', () => {
  it('each processed MP3 decodes (ffmpeg) to exactly the source length, at lag 0 against its original', async () => {
    for (const v of versions) {
      const [decoded] = await decode(v.processed.mp3File);
      expect({ name: v.name, length: decoded.length }).toEqual({ name: v.name, length: v.original.length });
      expect(v.processed.mp3Samples).toBe(v.original.length);
      expect({ name: v.name, lag: Math.abs(lagOf(v.original, decoded)) }).toEqual({ name: v.name, lag: 0 });
    }
  });

  it('two versions decode within 1 sample of the alignment their originals have', async () => {
    const [a, b, c] = versions;
    const [da, db, dc] = await Promise.all([a, b, c].map(async (v) => (await decode(v.processed.mp3File))[0]));
    for (const [x, y, dx, dy] of [
      [a, b, da, db],
      [a, c, da, dc],
    ] as const) {
      const before = lagOf(x.original, y.original);
      const after = lagOf(dx, dy);
      expect({ pair: `${x.name}/${y.name}`, off: Math.abs(after - before) <= 1 }).toEqual({
        pair: `${x.name}/${y.name}`,
        off: true,
      });
    }
  });

  it('without the gapless header the same MP3 is 1105 samples late (what the header removes)', async () => {
    const stripped = path.join(dir, 'stripped.mp3');
    await runTool(mediaTools().ffmpeg, [
      ...['-v', 'error', '-y', '-i', versions[0].processed.mp3File],
      ...['-c', 'copy', '-write_xing', '0', stripped],
    ]);
    const [decoded] = await decode(stripped);
    expect(lagOf(versions[0].original, decoded)).toBe(1105);
    expect(decoded.length).toBeGreaterThan(versions[0].original.length);
  });

  it.skipIf(!existsSync('/usr/bin/chromium'))(
    "Chromium's decodeAudioData (the player's decoder) honours the header too: lag 0, exact length",
    async () => {
      const name = 'playwright-core';
      const { chromium } = (await import(name)) as typeof import('playwright-core');
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
      try {
        const page = await browser.newPage();
        for (const v of versions) {
          const b64 = (await readFile(v.processed.mp3File)).toString('base64');
          const out = await page.evaluate(
            async ({ b64, rate }) => {
              const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
              // The page's Web Audio API (this file is type-checked without the DOM library).
              const Offline = (globalThis as unknown as { OfflineAudioContext: OfflineContext }).OfflineAudioContext;
              const buffer = await new Offline(1, 1, rate).decodeAudioData(bytes.buffer);
              // The first 60,000 samples are enough for the cross-correlation window.
              return {
                length: buffer.length,
                rate: buffer.sampleRate,
                data: Array.from(buffer.getChannelData(0).subarray(0, 60000)),
              };
            },
            { b64, rate: RATE },
          );
          expect({ name: v.name, length: out.length, rate: out.rate }).toEqual({
            name: v.name,
            length: v.original.length,
            rate: RATE,
          });
          expect({ name: v.name, lag: lagOf(v.original, Float32Array.from(out.data)) }).toEqual({
            name: v.name,
            lag: 0,
          });
        }
      } finally {
        await browser.close();
      }
    },
  );
});
