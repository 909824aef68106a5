/**
 * The waveform's data: the peaks file the server writes next to each processed MP3 (apps/server/src/platform/
 * media/peaks.ts: one unsigned byte per 1/points_per_second s, the largest |sample| over all channels, 0–255).
 */

export interface PeaksFile {
  version?: number;
  points_per_second: number;
  duration_ms?: number;
  length?: number;
  encoding?: string;
  data: string;
}

export interface Peaks {
  pointsPerSecond: number;
  values: Uint8Array;
}

/** The points of a peaks file; null when it is not one. */
export function readPeaks(file: unknown): Peaks | null {
  const f = file as Partial<PeaksFile> | null;
  if (!f || typeof f.data !== 'string' || !(Number(f.points_per_second) > 0)) return null;
  if (f.encoding && f.encoding !== 'u8-base64') return null;
  try {
    const text = atob(f.data);
    const values = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) values[i] = text.charCodeAt(i);
    return { pointsPerSecond: Number(f.points_per_second), values };
  } catch {
    return null;
  }
}

/**
 * `columns` heights (0–1) for a waveform `columns` wide covering `duration` seconds: the largest point in each
 * column's span (a column past the recording's end is 0).
 */
export function columnsOf(peaks: Peaks, columns: number, duration: number): Float32Array {
  const out = new Float32Array(Math.max(0, Math.floor(columns)));
  const total = duration > 0 ? duration * peaks.pointsPerSecond : peaks.values.length;
  if (out.length === 0 || total <= 0) return out;
  const per = total / out.length;
  for (let c = 0; c < out.length; c++) {
    const from = Math.floor(c * per);
    const to = Math.min(peaks.values.length, Math.max(from + 1, Math.floor((c + 1) * per)));
    let max = 0;
    for (let i = from; i < to; i++) if (peaks.values[i] > max) max = peaks.values[i];
    out[c] = max / 255;
  }
  return out;
}
