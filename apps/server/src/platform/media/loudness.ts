/**
 * EBU R128 figures from ffmpeg's `ebur128=peak=true` summary (printed to stderr at the end):
 *
 *   Integrated loudness:
 *     I:         -23.0 LUFS
 *   …
 *   True peak:
 *     Peak:       -1.2 dBFS
 */
export interface Loudness {
  /** Integrated loudness, LUFS; -70 (the absolute gate) for silence. */
  lufs: number;
  /** True peak, dBTP; null for digital silence (-inf). */
  truePeak: number | null;
}

/** The ebur128 filter as the pipeline runs it: true peak, frame log kept out of the way, mono as dual mono. */
export const EBUR128_FILTER = 'ebur128=peak=true:framelog=verbose:dualmono=true';

export function parseEbur128Summary(stderr: string): Loudness {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  if (summary.length === stderr.length && !stderr.startsWith('Summary:')) throw new Error('no ebur128 summary');
  const integrated = /Integrated loudness:\s*I:\s*(-?[\d.]+|-?inf)\s*LUFS/i.exec(summary);
  const peak = /True peak:\s*Peak:\s*(-?[\d.]+|-?inf)\s*dB/i.exec(summary);
  if (!integrated) throw new Error('no integrated loudness in the ebur128 summary');
  const lufs = Number(integrated[1]);
  const tp = peak ? Number(peak[1]) : Number.NaN;
  return { lufs: Number.isFinite(lufs) ? lufs : -70, truePeak: Number.isFinite(tp) ? tp : null };
}
