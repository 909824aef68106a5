import type { DecodedWindow, Track } from './track.ts';

/** A window scheduled later than this before its time joins at the clock instead (it arrived late). */
const LATE_MARGIN_S = 0.02;

/**
 * Plays a decoded window of a track at its place in the run now playing (timeline sample `runSample` is heard at
 * context time `runTime`), from timeline sample `from` on, else from its start. Every window of every version is
 * started at the context time its first sample is due, so the versions stay sample-aligned.
 */
export function playWindow(
  ctx: BaseAudioContext,
  track: Track,
  win: DecodedWindow,
  runSample: number,
  runTime: number,
  from?: number,
) {
  const sr = ctx.sampleRate;
  let first = Math.max(from ?? win.startSample, win.startSample);
  // Later than its time (its bytes or its decoding came late): it joins at the clock, never behind it.
  const earliest = runSample + Math.ceil((ctx.currentTime + LATE_MARGIN_S - runTime) * sr);
  first = Math.max(first, earliest);
  const skip = first - win.startSample;
  if (skip >= win.buffer.length) return;
  let buffer = win.buffer;
  if (skip > 0) {
    // The rest of the window as its own buffer: an offset in seconds could round to a neighbouring sample.
    buffer = ctx.createBuffer(win.buffer.numberOfChannels, win.buffer.length - skip, sr);
    for (let c = 0; c < buffer.numberOfChannels; c++)
      buffer.copyToChannel(win.buffer.getChannelData(c).subarray(skip), c);
  }
  const when = runTime + (first - runSample) / sr;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  source.connect(track.level);
  source.onended = () => {
    track.playing.delete(source);
    source.disconnect();
  };
  track.playing.add(source);
  source.start(when);
}
