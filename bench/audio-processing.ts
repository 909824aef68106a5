/**
 * Audio processing speed (issue: media pipeline): one minute of stereo 48 kHz audio (the demo performance,
 * synthesised here) through the whole processing of an upload — probe, 320 kbps MP3, peaks, EBU R128 loudness
 * and true peak, alignment check — timed as a multiple of real time. Median of 3 runs.
 *   npm run bench:audio
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MICROPHONES, throughMicrophone } from '../apps/server/src/bootstrap/demo/microphones.ts';
import { performance as take } from '../apps/server/src/bootstrap/demo/synth.ts';
import { mediaTools } from '../apps/server/src/platform/media/binaries.ts';
import { processAudioFile } from '../apps/server/src/platform/media/process.ts';
import { encodeWav } from '../apps/server/src/platform/media/wav.ts';

const SECONDS = 60;
const RATE = 48000;
const RUNS = 3;

const dir = await mkdtemp(path.join(tmpdir(), 'atk-bench-audio-'));
try {
  const { tracks } = take(RATE, SECONDS);
  const [guitar, voice] = tracks.map((t) => throughMicrophone(t.samples, MICROPHONES[0], RATE));
  const left = guitar.map((g, i) => 0.8 * g + 0.4 * voice[i]);
  const right = guitar.map((g, i) => 0.4 * g + 0.8 * voice[i]);
  const source = path.join(dir, 'source.wav');
  await writeFile(source, encodeWav([left, right], RATE, 24));

  const tools = mediaTools();
  console.log(`ffmpeg: ${tools.ffmpeg} (${tools.source === 'system' ? 'system, on PATH' : 'shipped in npm'})`);
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof processAudioFile>> | undefined;
  for (let run = 0; run < RUNS; run++) {
    const work = await mkdtemp(path.join(dir, 'run-'));
    const started = performance.now();
    last = await processAudioFile(source, work);
    times.push((performance.now() - started) / 1000);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
  const audio = (last?.samples ?? 0) / RATE;
  console.log(
    `source: ${audio.toFixed(1)} s, stereo, ${RATE} Hz, 24-bit WAV → 320 kbps MP3 (${last?.loudness.lufs} LUFS, ${last?.loudness.truePeak} dBTP, ${last?.peaks.length} peaks, MP3 decodes to ${last?.mp3Samples === last?.samples ? 'the exact source length' : `${last?.mp3Samples} ≠ ${last?.samples} samples`})`,
  );
  console.log(`runs: ${times.map((t) => `${t.toFixed(2)} s`).join(', ')}`);
  console.log(
    `audio processing: ${audio.toFixed(1)} s of audio in ${median.toFixed(2)} s = ${(audio / median).toFixed(1)}× real time`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
