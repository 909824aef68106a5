/**
 * The contract's audio sniff (shared by the console and PUT /files): real files of every accepted format, made
 * by the server's own ffmpeg, pass from their first AUDIO_SNIFF_BYTES alone; files that cannot be audio do not.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUDIO_SNIFF_BYTES, type SniffedAudio, sniffAudio } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAudio } from '../../src/platform/media/index.ts';
import { convert, sine, wav } from '../support/audio.ts';
import { FILES } from '../support/uploads.ts';

let dir: string;
let source: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atk-sniff-'));
  source = path.join(dir, 'tone.wav');
  await writeFile(source, wav(sine({ freq: 440, dbfs: -12, seconds: 0.5, sampleRate: 44100, channels: 2 }), 44100));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The tone encoded by ffmpeg into `name` (its extension picks the muxer unless `args` name one). */
async function encoded(name: string, args: string[] = []): Promise<Buffer> {
  const out = path.join(dir, name);
  await convert(source, out, args);
  // Each is a file the pipeline accepts, so the sniff is checked against the pipeline's own list.
  await probeAudio(out);
  return readFile(out);
}

const head = (file: Buffer) => file.subarray(0, AUDIO_SNIFF_BYTES);

describe('sniffAudio', () => {
  it('passes every format the pipeline accepts, from the first 12 bytes alone', async () => {
    const cases: [string, Buffer, SniffedAudio][] = [
      ['WAV', await readFile(source), 'wav'],
      [
        'WAV, 24-bit 96 kHz',
        wav(sine({ freq: 440, dbfs: -12, seconds: 0.2, sampleRate: 96000, channels: 1 }), 96000, 24),
        'wav',
      ],
      ['RF64 WAV', await encoded('rf64.wav', ['-rf64', 'always']), 'wav'],
      ['AIFF', await encoded('tone.aiff'), 'aiff'],
      ['FLAC', await encoded('tone.flac'), 'flac'],
      ['MP3 with an ID3 tag', await encoded('tagged.mp3', ['-c:a', 'libmp3lame']), 'id3'],
      ['MP3 without tags', await encoded('bare.mp3', ['-c:a', 'libmp3lame', '-id3v2_version', '0']), 'mp3'],
      ['M4A (AAC)', await encoded('tone.m4a', ['-c:a', 'aac']), 'm4a'],
      ['M4A (ALAC)', await encoded('alac.m4a', ['-c:a', 'alac']), 'm4a'],
      ['raw AAC (ADTS)', await encoded('tone.aac', ['-c:a', 'aac', '-f', 'adts']), 'aac'],
      ['Ogg Vorbis', await encoded('tone.ogg', ['-c:a', 'libvorbis']), 'ogg'],
      ['Ogg Opus', await encoded('opus.ogg', ['-c:a', 'libopus', '-ar', '48000']), 'ogg'],
    ];
    for (const [what, file, kind] of cases) {
      expect({ what, kind: sniffAudio(head(file)) }).toEqual({ what, kind });
      expect({ what, whole: sniffAudio(file) }).toEqual({ what, whole: kind });
    }
  });

  it('refuses what cannot be audio, whatever its name', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Hello, not a song at all', 'utf16le')]);
    const avi = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI LIST'), Buffer.alloc(32)]);
    const cases: [string, Buffer][] = [
      ['PNG', FILES.png],
      ['JPEG', FILES.jpeg],
      ['GIF', FILES.gif],
      ['WebP (RIFF, not WAVE)', FILES.webp],
      ['AVI (RIFF, not WAVE)', avi],
      ['PDF', FILES.pdf],
      ['SVG', FILES.svg],
      ['plain text', FILES.text],
      ['UTF-16 text (FF FE looks like a frame sync)', utf16],
      ['ZIP', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(32)])],
      ['HTML', Buffer.from('<!doctype html><html><body>song.wav</body></html>')],
      ['empty', Buffer.alloc(0)],
      ['a WAV cut to 11 bytes', FILES.wav.subarray(0, AUDIO_SNIFF_BYTES - 1)],
      ['zeros', Buffer.alloc(64)],
      ['MPEG layer II frame (not accepted)', Buffer.concat([Buffer.from([0xff, 0xfd, 0x90, 0x00]), Buffer.alloc(32)])],
    ];
    for (const [what, file] of cases) expect({ what, kind: sniffAudio(file) }).toEqual({ what, kind: null });
  });

  it('reads a Uint8Array as a Buffer (the console passes the bytes of a Blob)', () => {
    const bytes = new Uint8Array(FILES.wav.buffer, FILES.wav.byteOffset, AUDIO_SNIFF_BYTES).slice();
    expect(sniffAudio(bytes)).toBe('wav');
  });
});
