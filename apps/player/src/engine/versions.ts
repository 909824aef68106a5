import { download } from './download.ts';
import { frameRun } from './mp3.ts';
import {
  covers,
  type DecodedWindow,
  hasWindow,
  LEAD_FRAMES,
  measure,
  newTrack,
  stopSources,
  type Track,
  until,
  wake,
  windowSpan,
} from './track.ts';
import type { EngineListener, EngineOptions, EngineVersion } from './types.ts';

/**
 * The versions an engine has loaded, on its context: each is a track (./track.ts) streamed in (./download.ts) and
 * placed on the timeline as it arrives, and decoded a window at a time as the clock asks (the current and the next
 * window of each version). ./engine.ts `AudioEngine` extends it with the clock: what is heard, when, how loud.
 * A base class rather than a member the engine holds: the engine reads the tracks everywhere, and a member's
 * forwarding and wiring cost ~100 B gzipped of the app chunk's budget (build.mjs).
 */
export abstract class LoadedVersions {
  /** The versions loaded, by id. */
  protected readonly tracks = new Map<string, Track>();
  protected readonly windowFrames: number;
  /** Bumped by every load: downloads for an older set of versions are dropped. */
  protected loadGeneration = 0;
  protected allSettled: Promise<void> = Promise.resolve();
  #ctx: BaseAudioContext | undefined;
  #master: GainNode | undefined;
  readonly #makeContext: (sampleRate?: number) => BaseAudioContext;
  readonly #listeners = new Set<EngineListener>();
  readonly #timeoutMs: number;
  readonly #fetchFn: typeof fetch;
  #decodedBytesNow = 0;
  #decodedBytesPeak = 0;

  constructor(options: EngineOptions) {
    this.#makeContext =
      options.makeContext ?? ((sampleRate) => new AudioContext({ latencyHint: 'interactive', sampleRate }));
    this.windowFrames = options.windowFrames ?? 256;
    this.#timeoutMs = options.downloadTimeoutMs ?? 30_000;
    this.#fetchFn = options.fetch ?? fetch.bind(globalThis);
  }

  /** What is selected (heard), and the timeline sample heard now: ./engine.ts. */
  abstract get selected(): string | null;
  abstract get positionSamples(): number;
  /** A version can be heard now (its audio at the playhead has arrived). */
  protected abstract joined(track: Track): void;
  /** A version was added: the levels are matched again, before its download starts. */
  protected abstract matchLevels(): void;

  listen(listener: EngineListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  protected emit(fn: (l: EngineListener) => void) {
    for (const l of this.#listeners) fn(l);
  }

  /** The context, made at the versions' sample rate so decoding does not resample them. */
  get context(): BaseAudioContext {
    if (!this.#ctx) this.#useContext(this.#makeContext());
    return this.#ctx as BaseAudioContext;
  }
  get sampleRate(): number {
    return this.context.sampleRate;
  }
  /** Decoded audio held right now, and the most ever held at once, in bytes. */
  get decodedBytes(): number {
    return this.#decodedBytesNow;
  }
  get peakDecodedBytes(): number {
    return this.#decodedBytesPeak;
  }
  /** Resolves when every version of the last load has arrived or failed. */
  get settled(): Promise<void> {
    return this.allSettled;
  }
  /** Versions that failed, with the reason. */
  get failures(): Map<string, string> {
    return new Map([...this.tracks].flatMap(([id, t]) => (t.failed ? [[id, t.failed] as const] : [])));
  }
  /** Length of the timeline: the longest version. */
  get durationSamples(): number {
    let n = 0;
    for (const t of this.tracks.values()) if (t.index) n = Math.max(n, t.length);
    return n;
  }

  /** Drops every version: what is still downloading or decoding for them is dropped. */
  protected dropAll() {
    for (const t of this.tracks.values()) this.#drop(t);
    this.tracks.clear();
  }

  /** Lets everything go: the versions, the listeners and the context. */
  dispose(): void {
    this.loadGeneration++;
    this.dropAll();
    this.#listeners.clear();
    if (this.#ctx) closeContext(this.#ctx);
    this.#ctx = undefined;
  }

  /** A context at `sampleRate` (of the processed files), made anew when the one in use has another rate. */
  protected useRate(sampleRate?: number) {
    if (sampleRate && this.#ctx && this.#ctx.sampleRate !== sampleRate) {
      closeContext(this.#ctx);
      this.#ctx = undefined;
    }
    if (!this.#ctx) this.#useContext(this.#makeContext(sampleRate));
  }

  /** Adds a version, heard only once selected, and starts its download; resolves when that has ended. */
  protected addTrack(v: EngineVersion): Promise<void> {
    const ctx = this.context;
    const level = ctx.createGain();
    const fade = ctx.createGain();
    fade.gain.value = v.id === this.selected ? 1 : 0;
    level.connect(fade).connect(this.#master as GainNode);
    const track = newTrack(v.id, v.lufs, level, fade);
    this.tracks.set(v.id, track);
    this.matchLevels();
    const generation = this.loadGeneration;
    return download(track, v.url, {
      fetch: this.#fetchFn,
      timeoutMs: this.#timeoutMs,
      stale: () => generation !== this.loadGeneration || this.tracks.get(v.id) !== track,
      arrived: () => this.#arrived(track),
      failed: () => this.emit((l) => l.error?.(v.id, track.failed as string)),
    });
  }

  /** Takes a version out: its sources stop, its download and windows are dropped. */
  protected removeTrack(track: Track) {
    stopSources(track);
    this.#drop(track);
    this.tracks.delete(track.id);
  }

  /** Whether the window that holds timeline sample `sample` of a track has arrived (or the track has all it will). */
  protected covers(track: Track, sample: number): boolean {
    return covers(track, sample, this.windowFrames);
  }
  /** Resolves once `covers(track, sample)`, or the track failed, was dropped or has all it will have. */
  protected whenCovers(track: Track, sample: number): Promise<void> {
    return until(track, () => this.covers(track, sample));
  }

  /** The decoded window `w` of a track (decoded once), or null past its end or on failure. */
  protected windowAt(track: Track, w: number): Promise<DecodedWindow | null> {
    const have = track.windows.get(w);
    if (have) return Promise.resolve(have);
    const pending = track.decoding.get(w);
    if (pending) return pending;
    const { index, reader } = track;
    if (!index || !reader || !hasWindow(track, w, this.windowFrames)) return Promise.resolve(null);
    const from = w * this.windowFrames;
    if (from >= index.frames) return Promise.resolve(null);
    const run = frameRun(reader.bytes, index, from, from + this.windowFrames, LEAD_FRAMES);
    const { start: startSample, end, cut } = windowSpan(track, w);
    const length = end - startSample;
    if (length <= 0) return Promise.resolve(null);
    const promise: Promise<DecodedWindow | null> = this.context
      .decodeAudioData(run.buffer)
      .then((decoded) => {
        const transient = decoded.length * decoded.numberOfChannels * 4;
        this.#count(transient);
        // decodeAudioData answers at the context's rate: the run's offsets scale with it.
        const skip = Math.round(run.skip * track.ratio) + cut;
        const buffer = this.context.createBuffer(decoded.numberOfChannels, Math.max(1, length), this.sampleRate);
        for (let c = 0; c < decoded.numberOfChannels; c++)
          buffer.copyToChannel(decoded.getChannelData(c).subarray(skip, skip + length), c);
        this.#count(-transient);
        const win = { buffer, startSample };
        if (track.decoding.get(w) !== promise) return win; // dropped meanwhile
        track.windows.set(w, win);
        this.#count(buffer.length * buffer.numberOfChannels * 4);
        return win;
      })
      .catch((e: unknown) => {
        if (!track.failed) {
          track.failed = `The audio could not be decoded (${e instanceof Error ? e.message : String(e)})`;
          this.emit((l) => l.error?.(track.id, track.failed as string));
        }
        return null;
      })
      .finally(() => {
        if (track.decoding.get(w) === promise) track.decoding.delete(w);
      });
    track.decoding.set(w, promise);
    return promise;
  }

  /** Lets window `w` of a track go. */
  protected freeWindow(track: Track, w: number) {
    const win = track.windows.get(w);
    if (!win) return;
    track.windows.delete(w);
    this.#count(-win.buffer.length * win.buffer.numberOfChannels * 4);
  }

  #count(bytes: number) {
    this.#decodedBytesNow += bytes;
    this.#decodedBytesPeak = Math.max(this.#decodedBytesPeak, this.#decodedBytesNow);
  }

  #useContext(ctx: BaseAudioContext) {
    this.#ctx = ctx;
    this.#master = ctx.createGain();
    this.#master.connect(ctx.destination);
  }

  /** More of a version has arrived: its timeline is known from its first frames; it joins once it can be heard. */
  #arrived(track: Track) {
    if (!measure(track, this.sampleRate, this.windowFrames)) return;
    if (!track.heard && this.covers(track, this.positionSamples)) {
      track.heard = true;
      this.joined(track);
    }
    wake(track);
  }

  #drop(track: Track) {
    track.dropped = true;
    track.download?.abort();
    wake(track);
    for (const w of [...track.windows.keys()]) this.freeWindow(track, w);
    track.decoding.clear();
    track.fade.disconnect();
    track.level.disconnect();
  }
}

function closeContext(ctx: BaseAudioContext) {
  if (ctx instanceof AudioContext) void ctx.close().catch(() => undefined);
}
