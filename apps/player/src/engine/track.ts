/**
 * One version in the engine (a track): its download, its place on the shared timeline, its decoded windows and the
 * sources playing them, and the timeline arithmetic the rest of the engine reads it by (docs/architecture.md "The
 * audio engine"). Windows are counted in MP3 frames of the file and placed in samples of the context.
 */
import type { Mp3Index, Mp3Reader } from './mp3.ts';

/** Frames decoded before (and after) a window to warm the decoder up; their output is thrown away. */
export const LEAD_FRAMES = 2;
/** The MP3 decoder's own delay (samples), on top of the encoder's delay written in the LAME header. */
const MP3_DECODER_DELAY = 529;

export interface DecodedWindow {
  buffer: AudioBuffer;
  startSample: number;
}

export interface Track {
  id: string;
  lufs: number | null;
  /** The download so far; `index` is its index once the first frame is in (its `frames` grow). */
  reader?: Mp3Reader;
  index?: Mp3Index;
  download?: AbortController;
  /** Called at each arrival of bytes and at the download's end: waits for a window are woken. */
  progress: Set<() => void>;
  /** `loaded` was told (the version can be heard). */
  heard: boolean;
  dropped?: boolean;
  /** Context rate over the file's rate (1 unless the versions differ in rate). */
  ratio: number;
  /** Context samples per window (fractional when resampled). */
  windowSamples: number;
  /**
   * Samples the encoder and decoder put before the music (LAME's delay + the MP3 decoder's 529), cut from the
   * front so the timeline starts at the first sample of the recording; `length` is the recording's length.
   */
  priming: number;
  length: number;
  failed?: string;
  level: GainNode;
  fade: GainNode;
  windows: Map<number, DecodedWindow>;
  decoding: Map<number, Promise<DecodedWindow | null>>;
  playing: Set<AudioBufferSourceNode>;
  /** Windows already started in the current run (cleared on seek). */
  scheduled: Set<number>;
}

/** A version's track before anything of it has arrived: its level and fade gains are in place. */
export function newTrack(id: string, lufs: number | null, level: GainNode, fade: GainNode): Track {
  return {
    id,
    lufs,
    ratio: 1,
    windowSamples: 0,
    priming: 0,
    length: 0,
    level,
    fade,
    windows: new Map(),
    decoding: new Map(),
    playing: new Set(),
    scheduled: new Set(),
    progress: new Set(),
    heard: false,
  };
}

/**
 * Places what has arrived of a track on the timeline (at the context's `sampleRate`, windows of `windowFrames`):
 * known from its first frames. False while no frame has arrived.
 */
export function measure(track: Track, sampleRate: number, windowFrames: number): boolean {
  const { reader } = track;
  const index = reader?.index;
  if (!reader || !index) return false;
  track.index = index;
  track.ratio = sampleRate / index.sampleRate;
  track.windowSamples = windowFrames * index.samplesPerFrame * track.ratio;
  const gapless = index.encoderDelay > 0;
  const priming = gapless ? index.encoderDelay + MP3_DECODER_DELAY : 0;
  const padding = gapless ? index.encoderPadding - MP3_DECODER_DELAY : 0;
  track.priming = Math.round(priming * track.ratio);
  // Known from the Info frame at once; else estimated from the size until the download ends.
  track.length = Math.max(
    0,
    Math.round((reader.totalFrames * index.samplesPerFrame - priming - padding) * track.ratio),
  );
  return true;
}

/**
 * Where window w of a track lies on the timeline (context samples): it decodes stream samples
 * [round(w × windowSamples), round((w + 1) × windowSamples)), shifted back by the priming and clipped to the
 * recording; `cut` is what the clipping removed from its front.
 */
export function windowSpan(t: Track, w: number) {
  const a = Math.round(w * t.windowSamples) - t.priming;
  const b = Math.round((w + 1) * t.windowSamples) - t.priming;
  return { start: Math.max(0, a), end: Math.min(t.length, b), cut: Math.max(0, -a) };
}
export function windowOf(t: Track, sample: number): number {
  let w = Math.floor((sample + t.priming) / t.windowSamples);
  if (Math.round((w + 1) * t.windowSamples) - t.priming <= sample) w++;
  return Math.max(0, w);
}

/** Whether window w of a track has arrived (or the track has all it will). */
export function hasWindow(track: Track, w: number, windowFrames: number): boolean {
  const { reader, index } = track;
  if (!reader || !index) return false;
  const needed = Math.min(reader.totalFrames, (w + 1) * windowFrames + LEAD_FRAMES);
  return reader.complete || index.frames >= needed;
}
/** Whether the window that holds timeline sample `sample` of a track has arrived (or the track has all it will). */
export function covers(track: Track, sample: number, windowFrames: number): boolean {
  if (!track.index || !track.reader) return false;
  return hasWindow(track, windowOf(track, sample), windowFrames);
}

/** Resolves once `done()` holds after an arrival of bytes, or the track failed, was dropped or has all it will have. */
export function until(track: Track, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!track.failed && !track.dropped && !track.reader?.complete && !done()) return;
      track.progress.delete(check);
      resolve();
    };
    track.progress.add(check);
    check();
  });
}
/** Wakes the waits on a track (bytes arrived, or its download ended). */
export function wake(t: Track) {
  for (const check of [...t.progress]) check();
}

/** Stops and forgets the sources playing a track's windows. */
export function stopSources(t: Track) {
  for (const s of t.playing) {
    s.onended = null;
    try {
      s.stop();
    } catch {
      // never started
    }
    s.disconnect();
  }
  t.playing.clear();
  t.scheduled.clear();
}
