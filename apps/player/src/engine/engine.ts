import { applyLevels, crossfade } from './gains.ts';
import { playWindow } from './schedule.ts';
import { stopSources, type Track, until, windowOf } from './track.ts';
import type { EngineListener, EngineOptions, EngineState, EngineVersion } from './types.ts';
import { unlockAudio } from './unlock.ts';
import { LoadedVersions } from './versions.ts';

export type { EngineListener, EngineOptions, EngineState, EngineVersion };
export { unlockAudio };

/** How far ahead of the clock a start is scheduled, so every version starts together. */
const START_AHEAD_S = 0.06;

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
 *
 * Its parts: ./versions.ts (loading and decoding: the versions on the context, which this class extends, with
 * ./track.ts their records and timeline and ./download.ts streaming them in), ./schedule.ts (a window on the clock),
 * ./gains.ts (level matching, the crossfade) and ./unlock.ts (letting audio out). This class is the transport: what
 * is selected, the state, and the runs it starts, stops and keeps fed.
 */
export class AudioEngine extends LoadedVersions {
  readonly #crossfadeS: number;
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

  constructor(options: EngineOptions = {}) {
    super(options);
    this.#crossfadeS = (options.crossfadeMs ?? 25) / 1000;
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
    const generation = ++this.loadGeneration;
    this.dropAll();
    this.#pausedAtSample = 0;
    this.#selectedId = selected;
    this.useRate(sampleRate);
    this.#setState('loading');
    const downloads = new Map(versions.map((v) => [v.id, this.addTrack(v)]));
    this.allSettled = Promise.all(downloads.values()).then(() => undefined);
    const first = this.tracks.get(selected);
    if (first) await this.whenCovers(first, 0);
    if (generation !== this.loadGeneration) return;
    if (!first || !this.covers(first, 0)) await this.allSettled;
    if (generation !== this.loadGeneration) return;
    const playable = [...this.tracks.values()].some((t) => t.index);
    if (this.#stateValue === 'loading') this.#setState(playable ? 'ready' : 'idle');
  }

  /**
   * Adds one version to what is loaded (a product added to the comparison); it joins the others on the same
   * timeline as soon as its audio at the playhead has arrived, playing or not. Resolves then (it can be heard), or
   * when it failed; `settled` waits for its whole download.
   */
  addVersion(v: EngineVersion): Promise<void> {
    if (this.tracks.has(v.id)) return Promise.resolve();
    const arrival = this.addTrack(v);
    this.allSettled = Promise.all([this.allSettled, arrival]).then(() => undefined);
    const track = this.tracks.get(v.id) as Track;
    return until(track, () => track.heard);
  }

  /** Takes a version out (not the selected one: select another first). */
  removeVersion(id: string): void {
    const track = this.tracks.get(id);
    if (!track || id === this.#selectedId) return;
    this.removeTrack(track);
    this.#applyLevels(false);
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
    if (id === this.#selectedId || !this.tracks.has(id)) return;
    const from = this.#selectedId ? this.tracks.get(this.#selectedId) : undefined;
    const to = this.tracks.get(id) as Track;
    this.#selectedId = id;
    crossfade(from, to, this.context.currentTime + 0.005, this.#crossfadeS);
  }

  /** A version's loudness as level matching reads it (an ABX test measures its three in the page). */
  setLoudness(id: string, lufs: number | null): void {
    const track = this.tracks.get(id);
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
    super.dispose();
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────────────────
  #setState(state: EngineState) {
    if (state === this.#stateValue) return;
    this.#stateValue = state;
    this.emit((l) => l.state?.(state));
  }

  /** A version can be heard now: it is told, and it joins the run playing. */
  protected joined(track: Track) {
    this.emit((l) => l.loaded?.(track.id));
    // A load whose selected version failed left nothing to play: this one can.
    if (this.#stateValue === 'idle') this.#setState('ready');
    // Joining while the others play: from a little ahead of the clock, on the same timeline.
    if (this.#stateValue === 'playing')
      void this.#scheduleFrom(track, this.positionSamples + Math.round(START_AHEAD_S * 2 * this.sampleRate));
  }

  /** A version was added: at once while nothing is heard, else gliding. */
  protected matchLevels() {
    this.#applyLevels(this.#stateValue !== 'playing');
  }

  #applyLevels(immediately: boolean) {
    applyLevels(this.tracks, this.#matched, this.context.currentTime, immediately);
  }

  async #startRun(sample: number) {
    const generation = ++this.#generation;
    // The selected version must be heard from `sample`: a start ahead of its download waits for it.
    const selected = this.#selectedId ? this.tracks.get(this.#selectedId) : undefined;
    if (selected?.index && !this.covers(selected, sample)) {
      this.#pausedAtSample = sample;
      this.#setState('loading');
      this.#starting = true;
      await this.whenCovers(selected, sample);
      if (generation !== this.#generation) return;
      this.#starting = false;
    }
    const ready = [...this.tracks.values()].filter((t) => t.index);
    // Decode the first window of every loaded version before the clock starts, so they start together.
    await Promise.all(ready.map((t) => this.windowAt(t, windowOf(t, sample))));
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
    for (const t of this.tracks.values()) stopSources(t);
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
    for (const t of this.tracks.values()) {
      if (!t.index) continue;
      const current = windowOf(t, pos);
      for (const w of [...t.windows.keys()]) if (w < current) this.freeWindow(t, w);
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

  /** Decodes window `w` of a track (once) and plays it at its place in this run (./schedule.ts). */
  async #scheduleWindow(track: Track, w: number, from?: number) {
    if (track.scheduled.has(w) || !track.index) return;
    const generation = this.#generation;
    track.scheduled.add(w);
    const win = await this.windowAt(track, w);
    if (generation !== this.#generation) return;
    if (!win) {
      track.scheduled.delete(w);
      return;
    }
    playWindow(this.context, track, win, this.#runStartSample, this.#runStartTime, from);
  }
}
