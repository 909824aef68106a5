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

/** The Layer III frame header at `at` (of the first `filled` bytes), or null when there is none. */
export function readFrameHeader(b: Uint8Array, at: number, filled = b.length): FrameHeader | null {
  if (at + 4 > filled || b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return null;
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

/** Where the audio starts: after an ID3v2 tag at the start of the file; null until enough bytes say. */
function audioStart(b: Uint8Array, length: number): number | null {
  if (length < 10) return null;
  if (b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33) {
    const size = ((b[6] & 0x7f) << 21) | ((b[7] & 0x7f) << 14) | ((b[8] & 0x7f) << 7) | (b[9] & 0x7f);
    return 10 + size + (b[5] & 0x10 ? 10 : 0);
  }
  return 0;
}

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

interface InfoFrame {
  /** Audio frames in the file (the Info frame excluded), when the header says. */
  frames: number | null;
  delay: number;
  padding: number;
}

/** What a Xing/Info frame at `at` says (frame count, encoder delay and padding); null if it is not one. */
function readInfoFrame(b: Uint8Array, at: number, h: FrameHeader): InfoFrame | null {
  const sideInfo = h.mpeg1 ? (h.channels === 1 ? 17 : 32) : h.channels === 1 ? 9 : 17;
  let p = at + 4 + sideInfo;
  const tag = ascii(b, p, 4);
  if (tag !== 'Xing' && tag !== 'Info') return null;
  const flags = (b[p + 4] << 24) | (b[p + 5] << 16) | (b[p + 6] << 8) | b[p + 7];
  p += 8;
  let frames: number | null = null;
  if (flags & 1) {
    frames = ((b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]) >>> 0;
    p += 4;
  }
  if (flags & 2) p += 4;
  if (flags & 4) p += 100;
  if (flags & 8) p += 4;
  // The LAME extension: 9 bytes of encoder name, …, then 12 bits of delay and 12 bits of padding at +21.
  if (p + 24 > at + h.length || !/^(LAME|Lavc|Lavf|L3.99)/.test(ascii(b, p, 4)))
    return { frames, delay: 0, padding: 0 };
  const d = p + 21;
  return { frames, delay: (b[d] << 4) | (b[d + 1] >> 4), padding: ((b[d + 1] & 0x0f) << 8) | b[d + 2] };
}

/**
 * Reads an MP3 file as it downloads: `append` each chunk and the frames that are wholly in are indexed, so the
 * player can decode and play the first seconds while the rest is still on its way. `index` is there once the
 * first frame (and the Info frame, when there is one) has arrived; its `frames` grows with the download and
 * `totalFrames` is the file's whole length from the start (the Info frame's count, else estimated from the size).
 */
export class Mp3Reader {
  /** The bytes so far ([0, length) are filled). */
  bytes: Uint8Array;
  length = 0;
  index: Mp3Index | null = null;
  /** Every frame has arrived (or the audio ended before the file did: a trailing tag). */
  complete = false;
  #next = -1;
  #infoFrames: number | null = null;

  readonly #expectedBytes: number;

  constructor(expectedBytes = 0) {
    this.#expectedBytes = expectedBytes;
    this.bytes = new Uint8Array(expectedBytes || 256 * 1024);
  }

  /** The file's whole length in frames: exact once complete, from the Info frame or the size before. */
  get totalFrames(): number {
    const index = this.index;
    if (!index) return 0;
    if (this.complete) return index.frames;
    if (this.#infoFrames) return this.#infoFrames;
    if (index.frames === 0) return 0;
    const frameBytes = index.offsets[1] - index.offsets[0];
    return Math.max(index.frames, Math.round((this.#expectedBytes - index.offsets[0]) / frameBytes));
  }

  append(chunk: Uint8Array): void {
    if (this.length + chunk.length > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + chunk.length));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(chunk, this.length);
    this.length += chunk.length;
    this.#scan(false);
  }

  /** The download ended: the last frames are indexed; throws when the file held no MP3 audio. */
  finish(): void {
    this.#scan(true);
    if (!this.index || this.index.frames === 0) throw new Error('not an MP3 file');
    this.complete = true;
  }

  #scan(ended: boolean) {
    if (this.complete) return;
    if (!this.index && !this.#findFirstFrame(ended)) return;
    const index = this.index as Mp3Index;
    const b = this.bytes;
    let at = this.#next;
    for (;;) {
      const h = readFrameHeader(b, at, this.length);
      if (!h) {
        // Not a frame: the audio has ended (a trailing tag) once enough bytes are in to tell.
        if (ended || at + 4 <= this.length) this.complete = index.frames > 0;
        break;
      }
      if (at + h.length > this.length) {
        if (ended) this.complete = index.frames > 0;
        break;
      }
      at += h.length;
      index.offsets.push(at);
      index.frames++;
    }
    this.#next = at;
  }

  /** Finds the first frame whose successor also parses (a guard against a stray sync pattern), and the Info frame. */
  #findFirstFrame(ended: boolean): boolean {
    const b = this.bytes;
    const start = audioStart(b, this.length);
    if (start === null) return false;
    for (let at = Math.max(start, this.#next); at + 4 <= this.length; at++) {
      const h = readFrameHeader(b, at, this.length);
      if (!h) continue;
      const after = at + h.length;
      if (after + 4 > this.length && !ended) {
        this.#next = at; // wait for the successor's header
        return false;
      }
      if (after + 4 <= this.length && !readFrameHeader(b, after, this.length)) continue;
      const info = readInfoFrame(b, at, h);
      this.#infoFrames = info?.frames ?? null;
      const first = info ? after : at; // the Info frame carries no audio
      this.index = {
        sampleRate: h.sampleRate,
        channels: h.channels,
        samplesPerFrame: h.samplesPerFrame,
        offsets: [first],
        frames: 0,
        encoderDelay: info?.delay ?? 0,
        encoderPadding: info?.padding ?? 0,
      };
      this.#next = first;
      return true;
    }
    this.#next = Math.max(start, this.length - 3);
    return false;
  }
}

/** Indexes the frames of a whole MP3 file; throws when the bytes are not MP3. */
export function indexMp3(bytes: Uint8Array): Mp3Index {
  const reader = new Mp3Reader(bytes.length);
  reader.append(bytes);
  reader.finish();
  return reader.index as Mp3Index;
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
