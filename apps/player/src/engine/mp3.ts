/**
 * Just enough of the MP3 format to cut a file into independently decodable runs of frames: where each frame
 * starts, how many samples it holds, and the gapless (LAME) header that says how many samples of priming the
 * encoder put in front. The player decodes a few seconds at a time instead of whole files (memory), and cuts
 * every version of a source at the same frames, so they stay sample-aligned whatever the browser's decoder does.
 */

export interface Mp3Index {
  sampleRate: number;
  channels: number;
  samplesPerFrame: number;
  /** Byte offset of every audio frame (the Xing/Info frame excluded), plus the end of the last one. */
  offsets: number[];
  /** Audio frames in the file. */
  frames: number;
  /** Encoder delay and end padding from the LAME header (0 when absent). */
  encoderDelay: number;
  encoderPadding: number;
}

const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0];
const RATES_V1 = [44100, 48000, 32000, 0];

interface FrameHeader {
  length: number;
  sampleRate: number;
  channels: number;
  samplesPerFrame: number;
  mpeg1: boolean;
}

/** The Layer III frame header at `at`, or null when there is none. */
export function readFrameHeader(b: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return null;
  const version = (b[at + 1] >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
  const layer = (b[at + 1] >> 1) & 3; // 1 Layer III
  if (version === 1 || layer !== 1) return null;
  const bitrateIndex = b[at + 2] >> 4;
  const rateIndex = (b[at + 2] >> 2) & 3;
  const padding = (b[at + 2] >> 1) & 1;
  const mpeg1 = version === 3;
  const kbps = (mpeg1 ? BITRATES_V1_L3 : BITRATES_V2_L3)[bitrateIndex];
  const baseRate = RATES_V1[rateIndex];
  if (!kbps || !baseRate) return null;
  const sampleRate = mpeg1 ? baseRate : version === 2 ? baseRate / 2 : baseRate / 4;
  const length = Math.floor(((mpeg1 ? 144 : 72) * kbps * 1000) / sampleRate) + padding;
  const channels = b[at + 3] >> 6 === 3 ? 1 : 2;
  return { length, sampleRate, channels, samplesPerFrame: mpeg1 ? 1152 : 576, mpeg1 };
}

/** Skips an ID3v2 tag at the start of the file. */
function audioStart(b: Uint8Array): number {
  if (b.length >= 10 && b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33) {
    const size = ((b[6] & 0x7f) << 21) | ((b[7] & 0x7f) << 14) | ((b[8] & 0x7f) << 7) | (b[9] & 0x7f);
    return 10 + size + (b[5] & 0x10 ? 10 : 0);
  }
  return 0;
}

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** Encoder delay and padding when the frame at `at` is a Xing/Info frame with a LAME tag; null if not Xing/Info. */
function readGaplessHeader(b: Uint8Array, at: number, h: FrameHeader): { delay: number; padding: number } | null {
  const sideInfo = h.mpeg1 ? (h.channels === 1 ? 17 : 32) : h.channels === 1 ? 9 : 17;
  let p = at + 4 + sideInfo;
  const tag = ascii(b, p, 4);
  if (tag !== 'Xing' && tag !== 'Info') return null;
  const flags = (b[p + 4] << 24) | (b[p + 5] << 16) | (b[p + 6] << 8) | b[p + 7];
  p += 8;
  if (flags & 1) p += 4;
  if (flags & 2) p += 4;
  if (flags & 4) p += 100;
  if (flags & 8) p += 4;
  // The LAME extension: 9 bytes of encoder name, …, then 12 bits of delay and 12 bits of padding at +21.
  if (p + 24 > b.length || !/^(LAME|Lavc|Lavf|L3.99)/.test(ascii(b, p, 4))) return { delay: 0, padding: 0 };
  const d = p + 21;
  return { delay: (b[d] << 4) | (b[d + 1] >> 4), padding: ((b[d + 1] & 0x0f) << 8) | b[d + 2] };
}

/** Indexes the frames of an MP3 file; throws when the bytes are not MP3. */
export function indexMp3(bytes: Uint8Array): Mp3Index {
  let at = audioStart(bytes);
  // Find the first frame whose successor also parses (guards against a stray sync pattern).
  let first: FrameHeader | null = null;
  for (; at < bytes.length - 4; at++) {
    const h = readFrameHeader(bytes, at);
    if (h && (at + h.length >= bytes.length || readFrameHeader(bytes, at + h.length))) {
      first = h;
      break;
    }
  }
  if (!first) throw new Error('not an MP3 file');
  let encoderDelay = 0;
  let encoderPadding = 0;
  const gapless = readGaplessHeader(bytes, at, first);
  if (gapless) {
    encoderDelay = gapless.delay;
    encoderPadding = gapless.padding;
    at += first.length; // the Xing/Info frame carries no audio
  }
  const offsets: number[] = [];
  for (;;) {
    const h = readFrameHeader(bytes, at);
    if (!h || at + h.length > bytes.length) break;
    offsets.push(at);
    at += h.length;
  }
  if (offsets.length === 0) throw new Error('not an MP3 file');
  offsets.push(at);
  return {
    sampleRate: first.sampleRate,
    channels: first.channels,
    samplesPerFrame: first.samplesPerFrame,
    offsets,
    frames: offsets.length - 1,
    encoderDelay,
    encoderPadding,
  };
}

/**
 * The bytes of frames [from, to) of the file, preceded by `lead` frames the decoder needs to warm up (the bit
 * reservoir and the filter bank's overlap reach back into earlier frames) and followed by `lead` more, so that a
 * decoder that holds back a few samples at either end still yields the whole run. Only [skip, skip + samples)
 * of the decoded output is played. Returns a fresh buffer (decodeAudioData takes ownership of what it gets).
 */
export function frameRun(bytes: Uint8Array, index: Mp3Index, from: number, to: number, lead: number) {
  const start = Math.max(0, from - lead);
  const end = Math.min(index.frames, to + lead);
  to = Math.min(index.frames, to);
  return {
    buffer: bytes.slice(index.offsets[start], index.offsets[end]).buffer,
    /** Decoded samples to skip before frame `from` begins. */
    skip: (from - start) * index.samplesPerFrame,
    samples: (to - from) * index.samplesPerFrame,
  };
}
