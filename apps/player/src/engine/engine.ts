import { equalPowerCurves, matchedGains } from './levels.ts';
import { frameRun, type Mp3Index, Mp3Reader } from './mp3.ts';

/**
 * The player's audio engine (docs/architecture.md "The player"): every version (one product's recording) of the
 * chosen source plays at once, locked to one clock; only the selected one is heard. A switch is an equal-power
 * crossfade; levels are matched from the measured loudness.
 *
 * Memory: the compressed files stay in memory (a 3-minute 320 kbps MP3 is 7 MB) and are decoded a window
 * (about 6 s) at a time, the current and the next window of each version, so six 3-minute versions hold
 * about 45 MB of decoded audio instead of 400 MB. Every version is cut at the same MP3 frames and every
 * window of every version is started at the same context time, so they stay sample-aligned whatever the
 * browser's decoder does at the edges of a run of frames.
 *
 * Time to first sound: a version is read as it downloads (a streamed response body, indexed frame by frame), so
 * it can play once its first window is in, not its whole file; the rest arrives ahead of the clock (a 320 kbps
 * version needs 40 kB/s). A window that arrives after its time joins at the clock, never behind it.
 */

export interface EngineVersion {
  id: string;
  url: string;
  /** Integrated loudness (LUFS); null when not measured. */
  lufs: number | null;
}

export type EngineState = 'idle' | 'loading' | 'ready' | 'playing' | 'paused' | 'ended';

export interface EngineListener {
  state?(state: EngineState): void;
  /** A version could not be fetched or decoded; the others go on. */
  error?(versionId: string, message: string): void;
  /** A version can be heard now (its audio at the playhead has arrived): it joined the others. */
  loaded?(versionId: string): void;
}

export interface EngineOptions {
  /** Makes the context (at the versions' sample rate when known). */
  makeContext?: (sampleRate?: number) => BaseAudioContext;
  /** MP3 frames per decoded window (256 × 1152 samples ≈ 6 s at 48 kHz). */
  windowFrames?: number;
  crossfadeMs?: number;
  /** A download that receives nothing for this long is given up (the version shows its error, the rest plays on). */
  downloadTimeoutMs?: number;
  fetch?: typeof fetch;
}

/** Frames decoded before (and after) a window to warm the decoder up; their output is thrown away. */
const LEAD_FRAMES = 2;
/** The MP3 decoder's own delay (samples), on top of the encoder's delay written in the LAME header. */
const MP3_DECODER_DELAY = 529;
/** How far ahead of the clock a start is scheduled, so every version starts together. */
const START_AHEAD_S = 0.06;
/** A window scheduled later than this before its time joins at the clock instead (it arrived late). */
const LATE_MARGIN_S = 0.02;

interface Window {
  buffer: AudioBuffer;
  startSample: number;
}

interface Track {
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
  windows: Map<number, Window>;
  decoding: Map<number, Promise<Window | null>>;
  playing: Set<AudioBufferSourceNode>;
  /** Windows already started in the current run (cleared on seek). */
  scheduled: Set<number>;
}

export class AudioEngine {
  #ctx: BaseAudioContext | undefined;
  #master: GainNode | undefined;
  readonly #makeContext: (sampleRate?: number) => BaseAudioContext;
  readonly #tracks = new Map<string, Track>();
  readonly #listeners = new Set<EngineListener>();
  readonly #windowFrames: number;
  readonly #crossfadeS: number;
  readonly #timeoutMs: number;
  readonly #fetchFn: typeof fetch;
  #selectedId: string | null = null;
  /** A run is waiting for the selected version's audio (state `loading`). */
  #starting = false;
  #matched = true;
  #stateValue: EngineState = 'idle';
  /** The run now playing: the timeline sample (at the context's rate) heard at context time `runStartTime`. */
  #runStartSample = 0;
  #runStartTime = 0;
  #pausedAtSample = 0;
  #ticker: ReturnType<typeof setInterval> | undefined;
  /** Bumped by every start and stop of a run: work for an older run is dropped. */
  #generation = 0;
  /** Bumped by every load: downloads for an older set of versions are dropped. */
  #loadGeneration = 0;
  #decodedBytesNow = 0;
  #decodedBytesPeak = 0;
  #allSettled: Promise<void> = Promise.resolve();

  constructor(options: EngineOptions = {}) {
    this.#makeContext =
      options.makeContext ?? ((sampleRate) => new AudioContext({ latencyHint: 'interactive', sampleRate }));
    this.#windowFrames = options.windowFrames ?? 256;
    this.#crossfadeS = (options.crossfadeMs ?? 25) / 1000;
    this.#timeoutMs = options.downloadTimeoutMs ?? 30_000;
    this.#fetchFn = options.fetch ?? fetch.bind(globalThis);
  }

  listen(listener: EngineListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The context, made at the versions' sample rate so decoding does not resample them. */
  get context(): BaseAudioContext {
    if (!this.#ctx) this.#useContext(this.#makeContext());
    return this.#ctx as BaseAudioContext;
  }
  get state(): EngineState {
    return this.#stateValue;
  }
  get selected(): string | null {
    return this.#selectedId;
  }
  get levelMatched(): boolean {
    return this.#matched;
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
    return this.#allSettled;
  }
  /** Versions that failed, with the reason. */
  get failures(): Map<string, string> {
    return new Map([...this.#tracks].flatMap(([id, t]) => (t.failed ? [[id, t.failed] as const] : [])));
  }
  get sampleRate(): number {
    return this.context.sampleRate;
  }
  /** Length of the timeline: the longest version. */
  get durationSamples(): number {
    let n = 0;
    for (const t of this.#tracks.values()) if (t.index) n = Math.max(n, t.length);
    return n;
  }
  get duration(): number {
    return this.durationSamples / this.sampleRate;
  }
  /** The timeline sample the listener hears now. */
  get positionSamples(): number {
    if (this.#stateValue !== 'playing') return this.#pausedAtSample;
    const elapsed = Math.max(0, this.context.currentTime - this.#runStartTime);
    return Math.min(this.durationSamples, this.#runStartSample + Math.round(elapsed * this.sampleRate));
  }
  get position(): number {
    return this.positionSamples / this.sampleRate;
  }

  /**
   * Loads the versions of one source (replacing any others) and selects `selected`. `sampleRate` (of the
   * processed files) picks the context's rate. Resolves once the selected version can play: its first window
   * has arrived (or, if it failed, once every download has ended); the others join as they arrive.
   */
  async load(versions: EngineVersion[], selected: string, sampleRate?: number): Promise<void> {
    this.#stopRun();
    const generation = ++this.#loadGeneration;
    for (const t of this.#tracks.values()) this.#dropTrack(t);
    this.#tracks.clear();
    this.#pausedAtSample = 0;
    this.#selectedId = selected;
    if (sampleRate && this.#ctx && this.#ctx.sampleRate !== sampleRate) {
      closeContext(this.#ctx);
      this.#ctx = undefined;
    }
    if (!this.#ctx) this.#useContext(this.#makeContext(sampleRate));
    this.#setState('loading');
    const downloads = new Map(versions.map((v) => [v.id, this.#addTrack(v)]));
    this.#allSettled = Promise.all(downloads.values()).then(() => undefined);
    const first = this.#tracks.get(selected);
    if (first) await this.#whenCovers(first, 0);
    if (generation !== this.#loadGeneration) return;
    if (!first || !this.#covers(first, 0)) await this.#allSettled;
    if (generation !== this.#loadGeneration) return;
    const playable = [...this.#tracks.values()].some((t) => t.index);
    if (this.#stateValue === 'loading') this.#setState(playable ? 'ready' : 'idle');
  }

  /**
   * Adds one version to what is loaded (a product added to the comparison); it joins the others on the same
   * timeline as soon as its audio at the playhead has arrived, playing or not. Resolves then (it can be heard), or
   * when it failed; `settled` waits for its whole download.
   */
  addVersion(v: EngineVersion): Promise<void> {
    if (this.#tracks.has(v.id)) return Promise.resolve();
    const arrival = this.#addTrack(v);
    this.#allSettled = Promise.all([this.#allSettled, arrival]).then(() => undefined);
    const track = this.#tracks.get(v.id) as Track;
    return this.#until(track, () => track.heard);
  }

  /** Takes a version out (not the selected one: select another first). */
  removeVersion(id: string): void {
    const track = this.#tracks.get(id);
    if (!track || id === this.#selectedId) return;
    stopSources(track);
    this.#dropTrack(track);
    this.#tracks.delete(id);
    this.#applyLevels(false);
  }

  #addTrack(v: EngineVersion): Promise<void> {
    const ctx = this.context;
    const level = ctx.createGain();
    const fade = ctx.createGain();
    fade.gain.value = v.id === this.#selectedId ? 1 : 0;
    level.connect(fade).connect(this.#master as GainNode);
    this.#tracks.set(v.id, {
      id: v.id,
      lufs: v.lufs,
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
    });
    this.#applyLevels(this.#stateValue !== 'playing');
    return this.#download(v, this.#loadGeneration);
  }

  #useContext(ctx: BaseAudioContext) {
    this.#ctx = ctx;
    this.#master = ctx.createGain();
    this.#master.connect(ctx.destination);
  }

  async #download(v: EngineVersion, generation: number): Promise<void> {
    const track = this.#tracks.get(v.id);
    if (!track) return;
    const abort = new AbortController();
    track.download = abort;
    // Given up when nothing arrives for timeoutMs: a long file on a slow network may take minutes in all.
    let timer = setTimeout(() => abort.abort(), this.#timeoutMs);
    const stale = () => generation !== this.#loadGeneration || this.#tracks.get(v.id) !== track;
    try {
      const res = await this.#fetchFn(v.url, { signal: abort.signal });
      if (!res.ok) throw new Error(`the server answered ${res.status}`);
      const reader = new Mp3Reader(Number(res.headers.get('content-length')) || 0);
      track.reader = reader;
      const body = res.body?.getReader();
      if (!body) reader.append(new Uint8Array(await res.arrayBuffer()));
      else
        for (;;) {
          const { done, value } = await body.read();
          if (done || stale()) break;
          clearTimeout(timer);
          timer = setTimeout(() => abort.abort(), this.#timeoutMs);
          reader.append(value);
          this.#arrived(track);
        }
      if (stale()) return;
      reader.finish();
      this.#arrived(track);
    } catch (e) {
      if (stale()) return;
      track.failed = abort.signal.aborted
        ? 'The download took too long'
        : `The audio could not be loaded (${e instanceof Error ? e.message : String(e)})`;
      this.#emit((l) => l.error?.(v.id, track.failed as string));
    } finally {
      clearTimeout(timer);
      if (stale()) abort.abort();
      wake(track);
    }
  }

  /** More of a version has arrived: its timeline is known from its first frames; it joins once it can be heard. */
  #arrived(track: Track) {
    const { reader } = track;
    const index = reader?.index;
    if (!reader || !index) return;
    track.index = index;
    track.ratio = this.sampleRate / index.sampleRate;
    track.windowSamples = this.#windowFrames * index.samplesPerFrame * track.ratio;
    const gapless = index.encoderDelay > 0;
    const priming = gapless ? index.encoderDelay + MP3_DECODER_DELAY : 0;
    const padding = gapless ? index.encoderPadding - MP3_DECODER_DELAY : 0;
    track.priming = Math.round(priming * track.ratio);
    // Known from the Info frame at once; else estimated from the size until the download ends.
    track.length = Math.max(
      0,
      Math.round((reader.totalFrames * index.samplesPerFrame - priming - padding) * track.ratio),
    );
    if (!track.heard && this.#covers(track, this.positionSamples)) {
      track.heard = true;
      this.#emit((l) => l.loaded?.(track.id));
      // A load whose selected version failed left nothing to play: this one can.
      if (this.#stateValue === 'idle') this.#setState('ready');
      // Joining while the others play: from a little ahead of the clock, on the same timeline.
      if (this.#stateValue === 'playing')
        void this.#scheduleFrom(track, this.positionSamples + Math.round(START_AHEAD_S * 2 * this.sampleRate));
    }
    wake(track);
  }

  /** Whether the window that holds timeline sample `sample` of a track has arrived (or the track has all it will). */
  #covers(track: Track, sample: number): boolean {
    if (!track.index || !track.reader) return false;
    return this.#hasWindow(track, windowOf(track, sample));
  }
  #hasWindow(track: Track, w: number): boolean {
    const { reader, index } = track;
    if (!reader || !index) return false;
    const needed = Math.min(reader.totalFrames, (w + 1) * this.#windowFrames + LEAD_FRAMES);
    return reader.complete || index.frames >= needed;
  }

  /** Resolves once `covers(track, sample)`, or the track failed, was dropped or has all it will have. */
  #whenCovers(track: Track, sample: number): Promise<void> {
    return this.#until(track, () => this.#covers(track, sample));
  }
  /** Resolves once `done()` holds after an arrival of bytes, or the track failed, was dropped or has all it will have. */
  #until(track: Track, done: () => boolean): Promise<void> {
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

  /** Starts or resumes; call it from a user gesture (autoplay policy, iOS). */
  async play(): Promise<void> {
    await unlockAudio(this.context);
    if (this.#stateValue === 'playing' || this.#stateValue === 'loading' || this.durationSamples === 0) return;
    if (this.#stateValue === 'ended') this.#pausedAtSample = 0;
    await this.#startRun(this.#pausedAtSample);
  }

  pause(): void {
    // A run waiting for its audio (a seek ahead of the download) is called off too.
    if (this.#stateValue !== 'playing' && !(this.#stateValue === 'loading' && this.#starting)) return;
    this.#pausedAtSample = this.positionSamples;
    this.#stopRun();
    this.#setState('paused');
  }

  /** Moves the playhead; keeps playing if it was. */
  async seek(seconds: number): Promise<void> {
    const sample = Math.max(0, Math.min(this.durationSamples, Math.round(seconds * this.sampleRate)));
    const wasPlaying = this.#stateValue === 'playing';
    this.#stopRun();
    this.#pausedAtSample = sample;
    if (wasPlaying) await this.#startRun(sample);
    else if (this.#stateValue === 'ended') this.#setState('paused');
  }

  /** Switches what is heard to another version: an equal-power crossfade on the shared clock. */
  select(id: string): void {
    if (id === this.#selectedId || !this.#tracks.has(id)) return;
    const from = this.#selectedId ? this.#tracks.get(this.#selectedId) : undefined;
    const to = this.#tracks.get(id) as Track;
    this.#selectedId = id;
    const at = this.context.currentTime + 0.005;
    const curves = equalPowerCurves();
    if (from) fadeTo(from.fade.gain, curves.out, at, this.#crossfadeS);
    fadeTo(to.fade.gain, curves.in, at, this.#crossfadeS);
  }

  /** A version's loudness as level matching reads it (an ABX test measures its three in the page). */
  setLoudness(id: string, lufs: number | null): void {
    const track = this.#tracks.get(id);
    if (!track) return;
    track.lufs = lufs;
    this.#applyLevels(false);
  }

  /** Level matching on (default) or off. */
  setLevelMatched(on: boolean): void {
    this.#matched = on;
    this.#applyLevels(false);
  }

  dispose(): void {
    this.#stopRun();
    this.#loadGeneration++;
    for (const t of this.#tracks.values()) this.#dropTrack(t);
    this.#tracks.clear();
    this.#listeners.clear();
    if (this.#ctx) closeContext(this.#ctx);
    this.#ctx = undefined;
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────────────────
  #emit(fn: (l: EngineListener) => void) {
    for (const l of this.#listeners) fn(l);
  }
  #setState(state: EngineState) {
    if (state === this.#stateValue) return;
    this.#stateValue = state;
    this.#emit((l) => l.state?.(state));
  }

  #applyLevels(immediately: boolean) {
    const gains = matchedGains(new Map([...this.#tracks].map(([id, t]) => [id, t.lufs])));
    const at = this.context.currentTime;
    for (const [id, t] of this.#tracks) {
      const g = this.#matched ? (gains.get(id) ?? 1) : 1;
      t.level.gain.cancelScheduledValues(at);
      if (immediately) t.level.gain.value = g;
      else t.level.gain.setTargetAtTime(g, at, 0.01);
    }
  }

  async #startRun(sample: number) {
    const generation = ++this.#generation;
    // The selected version must be heard from `sample`: a start ahead of its download waits for it.
    const selected = this.#selectedId ? this.#tracks.get(this.#selectedId) : undefined;
    if (selected?.index && !this.#covers(selected, sample)) {
      this.#pausedAtSample = sample;
      this.#setState('loading');
      this.#starting = true;
      await this.#whenCovers(selected, sample);
      if (generation !== this.#generation) return;
      this.#starting = false;
    }
    const ready = [...this.#tracks.values()].filter((t) => t.index);
    // Decode the first window of every loaded version before the clock starts, so they start together.
    await Promise.all(ready.map((t) => this.#windowAt(t, windowOf(t, sample))));
    if (generation !== this.#generation) return;
    const sr = this.sampleRate;
    // On a sample boundary of the context's clock, a moment ahead.
    this.#runStartTime = Math.ceil((this.context.currentTime + START_AHEAD_S) * sr) / sr;
    this.#runStartSample = sample;
    await Promise.all(ready.map((t) => this.#scheduleFrom(t, sample)));
    if (generation !== this.#generation) return;
    this.#setState('playing');
    this.#ticker = setInterval(() => void this.pump(), 200);
  }

  #stopRun() {
    this.#generation++;
    this.#starting = false;
    clearInterval(this.#ticker);
    this.#ticker = undefined;
    for (const t of this.#tracks.values()) stopSources(t);
  }

  /**
   * Keeps the next window of every version decoded and scheduled, and frees the ones behind the playhead.
   * Runs on a timer while playing; an offline render (tests) calls it at each of its suspensions.
   */
  async pump(): Promise<void> {
    if (this.#stateValue !== 'playing') return;
    const pos = this.positionSamples;
    if (pos >= this.durationSamples) {
      this.#stopRun();
      this.#pausedAtSample = this.durationSamples;
      this.#setState('ended');
      return;
    }
    const pending: Promise<void>[] = [];
    for (const t of this.#tracks.values()) {
      if (!t.index) continue;
      const current = windowOf(t, pos);
      for (const w of [...t.windows.keys()]) if (w < current) this.#freeWindow(t, w);
      // A version that arrived while this run was starting, or a window that arrived late, joins a little ahead
      // of the clock (nothing happens for a window already scheduled).
      pending.push(this.#scheduleWindow(t, current, pos + Math.round(START_AHEAD_S * 2 * this.sampleRate)));
      pending.push(this.#scheduleWindow(t, current + 1));
    }
    await Promise.all(pending);
  }

  /** Schedules `track` from timeline sample `from` on: the rest of that window, then the next one. */
  async #scheduleFrom(track: Track, from: number) {
    const w = windowOf(track, from);
    await this.#scheduleWindow(track, w, from);
    await this.#scheduleWindow(track, w + 1);
  }

  async #scheduleWindow(track: Track, w: number, from?: number) {
    if (track.scheduled.has(w) || !track.index) return;
    const generation = this.#generation;
    track.scheduled.add(w);
    const win = await this.#windowAt(track, w);
    if (generation !== this.#generation) return;
    if (!win) {
      track.scheduled.delete(w);
      return;
    }
    const sr = this.sampleRate;
    let first = Math.max(from ?? win.startSample, win.startSample);
    // Later than its time (its bytes or its decoding came late): it joins at the clock, never behind it.
    const earliest =
      this.#runStartSample + Math.ceil((this.context.currentTime + LATE_MARGIN_S - this.#runStartTime) * sr);
    first = Math.max(first, earliest);
    const skip = first - win.startSample;
    if (skip >= win.buffer.length) return;
    let buffer = win.buffer;
    if (skip > 0) {
      // The rest of the window as its own buffer: an offset in seconds could round to a neighbouring sample.
      buffer = this.context.createBuffer(win.buffer.numberOfChannels, win.buffer.length - skip, this.sampleRate);
      for (let c = 0; c < buffer.numberOfChannels; c++)
        buffer.copyToChannel(win.buffer.getChannelData(c).subarray(skip), c);
    }
    const when = this.#runStartTime + (first - this.#runStartSample) / sr;
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(track.level);
    source.onended = () => {
      track.playing.delete(source);
      source.disconnect();
    };
    track.playing.add(source);
    source.start(when);
  }

  /** The decoded window `w` of a track (decoded once), or null past its end or on failure. */
  #windowAt(track: Track, w: number): Promise<Window | null> {
    const have = track.windows.get(w);
    if (have) return Promise.resolve(have);
    const pending = track.decoding.get(w);
    if (pending) return pending;
    const { index, reader } = track;
    if (!index || !reader || !this.#hasWindow(track, w)) return Promise.resolve(null);
    const from = w * this.#windowFrames;
    if (from >= index.frames) return Promise.resolve(null);
    const run = frameRun(reader.bytes, index, from, from + this.#windowFrames, LEAD_FRAMES);
    const { start: startSample, end, cut } = windowSpan(track, w);
    const length = end - startSample;
    if (length <= 0) return Promise.resolve(null);
    const promise: Promise<Window | null> = this.context
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
          this.#emit((l) => l.error?.(track.id, track.failed as string));
        }
        return null;
      })
      .finally(() => {
        if (track.decoding.get(w) === promise) track.decoding.delete(w);
      });
    track.decoding.set(w, promise);
    return promise;
  }

  #count(bytes: number) {
    this.#decodedBytesNow += bytes;
    this.#decodedBytesPeak = Math.max(this.#decodedBytesPeak, this.#decodedBytesNow);
  }

  #freeWindow(track: Track, w: number) {
    const win = track.windows.get(w);
    if (!win) return;
    track.windows.delete(w);
    this.#count(-win.buffer.length * win.buffer.numberOfChannels * 4);
  }

  #dropTrack(track: Track) {
    track.dropped = true;
    track.download?.abort();
    wake(track);
    for (const w of [...track.windows.keys()]) this.#freeWindow(track, w);
    track.decoding.clear();
    track.fade.disconnect();
    track.level.disconnect();
  }
}

/**
 * Where window w of a track lies on the timeline (context samples): it decodes stream samples
 * [round(w × windowSamples), round((w + 1) × windowSamples)), shifted back by the priming and clipped to the
 * recording; `cut` is what the clipping removed from its front.
 */
function windowSpan(t: Track, w: number) {
  const a = Math.round(w * t.windowSamples) - t.priming;
  const b = Math.round((w + 1) * t.windowSamples) - t.priming;
  return { start: Math.max(0, a), end: Math.min(t.length, b), cut: Math.max(0, -a) };
}
function windowOf(t: Track, sample: number): number {
  let w = Math.floor((sample + t.priming) / t.windowSamples);
  if (Math.round((w + 1) * t.windowSamples) - t.priming <= sample) w++;
  return Math.max(0, w);
}

function wake(t: Track) {
  for (const check of [...t.progress]) check();
}

function stopSources(t: Track) {
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

function closeContext(ctx: BaseAudioContext) {
  if (ctx instanceof AudioContext) void ctx.close().catch(() => undefined);
}

function fadeTo(param: AudioParam, curve: Float32Array, at: number, duration: number) {
  // The fade starts from wherever the gain is (a switch may interrupt another one).
  const now = param.value;
  const scaled = curve.map((v, i) => (i === 0 ? now : v));
  param.cancelScheduledValues(at);
  param.setValueCurveAtTime(scaled, at, duration);
}

let silentElement: HTMLAudioElement | undefined;

/**
 * Lets audio out: resumes the context inside the user's gesture (autoplay policy) and, on iOS, asks for the
 * playback audio session so the ring/silent switch does not mute the player (Safari 17's audioSession API,
 * else the long-standing trick of a playing, silent media element).
 */
export async function unlockAudio(context: BaseAudioContext): Promise<void> {
  if (!(context instanceof AudioContext)) return; // an offline render needs no unlocking
  const nav = navigator as Navigator & { audioSession?: { type: string } };
  if (nav.audioSession) nav.audioSession.type = 'playback';
  else if (/iPad|iPhone|iPod/.test(navigator.userAgent) && !silentElement) {
    silentElement = new Audio(silentWavUrl());
    silentElement.loop = true;
    silentElement.setAttribute('x-webkit-airplay', 'deny');
    void silentElement.play().catch(() => undefined);
  }
  if (context.state !== 'running') await context.resume();
}

/** 0.1 s of silence: 8 kHz, 8-bit, mono WAV. */
function silentWavUrl(): string {
  const n = 800;
  const b = new Uint8Array(44 + n).fill(128);
  const v = new DataView(b.buffer);
  const tag = (at: number, s: string) => {
    for (let i = 0; i < 4; i++) b[at + i] = s.charCodeAt(i);
  };
  tag(0, 'RIFF');
  v.setUint32(4, 36 + n, true);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, 8000, true);
  v.setUint32(28, 8000, true);
  v.setUint16(32, 1, true);
  v.setUint16(34, 8, true);
  tag(36, 'data');
  v.setUint32(40, n, true);
  return URL.createObjectURL(new Blob([b], { type: 'audio/wav' }));
}
