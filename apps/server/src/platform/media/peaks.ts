/**
 * Waveform peaks: the largest |sample| over all channels in each window of 1/POINTS_PER_SECOND s, as 8 bits
 * (0 = silence, 255 = full scale). Computed while the PCM streams by, so memory stays small.
 */
export const POINTS_PER_SECOND = 200;

/** The stored peaks file (`audio/peaks/…json`): `data` is base64 of one unsigned byte per point. */
export interface PeaksFile {
  version: 1;
  points_per_second: number;
  sample_rate: number;
  channels: number;
  samples: number;
  duration_ms: number;
  length: number;
  encoding: 'u8-base64';
  data: string;
}

export class PeaksAccumulator {
  /** Frames (samples per channel) seen so far. */
  frames = 0;
  private points: number[] = [];
  private current = 0;
  private nextBoundary: number;
  private rest: Buffer = Buffer.alloc(0);

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
    readonly pointsPerSecond = POINTS_PER_SECOND,
  ) {
    this.nextBoundary = this.boundary(1);
  }

  /** Point i covers frames [boundary(i), boundary(i+1)): exact for rates that are not multiples of the point rate. */
  private boundary(i: number) {
    return Math.floor((i * this.sampleRate) / this.pointsPerSecond);
  }

  /** Feeds interleaved 32-bit float little-endian PCM, in chunks of any size. */
  pushF32(chunk: Buffer) {
    const bytes = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    const frameBytes = 4 * this.channels;
    const usable = bytes.length - (bytes.length % frameBytes);
    // A copy: the view must start on a 4-byte boundary.
    const samples = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + usable));
    this.rest = Buffer.from(bytes.subarray(usable));
    this.pushFrames(samples);
  }

  /** Feeds interleaved float samples. */
  pushFrames(samples: Float32Array) {
    const ch = this.channels;
    let current = this.current;
    let frame = this.frames;
    for (let i = 0; i < samples.length; i += ch) {
      if (frame === this.nextBoundary) {
        this.points.push(current);
        current = 0;
        this.nextBoundary = this.boundary(this.points.length + 1);
      }
      for (let c = 0; c < ch; c++) {
        const v = Math.abs(samples[i + c]);
        if (v > current) current = v;
      }
      frame++;
    }
    this.current = current;
    this.frames = frame;
  }

  /** One byte per point; the last, partial window counts as a point. */
  finish(): Uint8Array {
    const all = this.frames > this.boundary(this.points.length) ? [...this.points, this.current] : this.points;
    return Uint8Array.from(all, (v) => Math.min(255, Math.round(Math.min(1, v) * 255)));
  }

  toFile(): PeaksFile {
    const data = this.finish();
    return {
      version: 1,
      points_per_second: this.pointsPerSecond,
      sample_rate: this.sampleRate,
      channels: this.channels,
      samples: this.frames,
      duration_ms: Math.round((this.frames * 1000) / this.sampleRate),
      length: data.length,
      encoding: 'u8-base64',
      data: Buffer.from(data).toString('base64'),
    };
  }
}

export function decodePeaks(file: PeaksFile): Uint8Array {
  return new Uint8Array(Buffer.from(file.data, 'base64'));
}
