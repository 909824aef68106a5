import type { PlayerVersion } from '@atk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AudioEngine, type EngineState, unlockAudio } from '../engine/engine.ts';
import type { Emit } from './host-events.ts';

export type VersionStatus = { state: 'loading' | 'slow' | 'ready' | 'failed'; message?: string };

/** A version still not heard after this long is called slow (the engine gives up when nothing arrives for 30 s). */
const SLOW_MS = 8000;

/**
 * The audio engine as the desktop player and the mobile widget drive it: a new source loads the versions of the
 * products on show (the same song keeps its place), products brought in or taken out join or leave the running
 * clock, and play waits for the audio. The selected version is loaded alone first: on a slow line the others would
 * share its bandwidth and delay the first sound; they start once it can be heard (the engine streams, so that is
 * its first window, not its whole file) and join the clock as theirs arrive. `status` says, per product, whether
 * its version can be heard yet (a switch to it is never silent once `ready`). What the listener does is told to the
 * host page (`emit`, ./host-events.ts): play, pause and ended as the engine goes, seek, switch, song and source
 * changes, and a version that fails.
 */
export function useEngine(o: {
  /** The chosen source (its id) and song: a new one reloads. */
  sourceId: string | null;
  songId: string | null;
  /** The products on show that have a version of the source, and their versions. */
  recorded: string[];
  versionOf: (id: string | null) => PlayerVersion | null;
  selected: string | null;
  setSelected: (id: string) => void;
  resolve: (url: string) => string;
  /** MP3 frames per decoded window (the engine's default ≈ 6 s); the first sound waits for the first window. */
  windowFrames?: number;
  /** Where the listener's actions are told (the host page's events). */
  emit: Emit;
  /** A blind test is on, not revealed: a switch says so. */
  blind: boolean;
}) {
  const engineRef = useRef<AudioEngine | null>(null);
  const engine = useCallback(() => {
    engineRef.current ??= new AudioEngine({ windowFrames: o.windowFrames });
    return engineRef.current;
  }, []);
  const [state, setState] = useState<EngineState>('idle');
  const [status, setStatus] = useState<Record<string, VersionStatus>>({});
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  /** A play was asked for and waits for the audio. */
  const [waiting, setWaiting] = useState(false);
  const wantPlay = useRef(false);
  /** The current load: resolves once its selected version can play (and the place is restored). */
  const loadDone = useRef<Promise<unknown>>(Promise.resolve());
  // What the effects below read as of now.
  const now = useRef(o);
  now.current = o;

  /** What is heard now, for the host page's events. */
  const heard = () => {
    const { selected, songId, sourceId } = now.current;
    return { product: selected, song: songId, source: sourceId };
  };
  useEffect(() => {
    const e = engine();
    // Told once per stretch of playing: a reload or a seek that waits for audio is not a pause.
    let playing = false;
    const off = e.listen({
      state: (s) => {
        setState(s);
        setPosition(e.position);
        if (e.durationSamples > 0) setDuration(e.duration);
        const was = playing;
        playing = s === 'playing' || (playing && s === 'loading');
        if (playing && !was) now.current.emit('play', { ...heard(), position: e.position });
        if (was && s === 'paused') now.current.emit('pause', { ...heard(), position: e.position });
        if (was && s === 'ended') now.current.emit('ended', { ...heard(), position: e.position });
      },
      error: (id, message) => {
        setStatus((st) => ({ ...st, [id]: { state: 'failed', message } }));
        now.current.emit('error', { message: `${message} (${id})` });
      },
      loaded: (id) => {
        setStatus((st) => ({ ...st, [id]: { state: 'ready' } }));
        setDuration(e.duration);
      },
    });
    return () => {
      off();
      e.dispose();
      engineRef.current = null;
    };
  }, []);

  /** Starts playing once the load under way can (a play asked for during a load goes through here). */
  const resume = useCallback(async () => {
    for (;;) {
      const done = loadDone.current;
      await done;
      if (done === loadDone.current) break;
    }
    const e = engineRef.current;
    if (!e || !wantPlay.current) return;
    wantPlay.current = false;
    setWaiting(false);
    await e.play();
  }, []);

  const loaded = useRef(new Set<string>());
  /** False while a source's selected version loads alone. */
  const primed = useRef(false);
  const slowTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const engineVersion = (v: PlayerVersion) => ({ id: v.product_id, url: o.resolve(v.url), lufs: v.lufs });

  /** Starts loading the version of product `id` into the running engine; resolves once it can be heard (or failed). */
  const add = (id: string): Promise<void> => {
    const v = now.current.versionOf(id);
    if (!v || loaded.current.has(id)) return Promise.resolve();
    loaded.current.add(id);
    setStatus((st) => ({ ...st, [id]: { state: 'loading' } }));
    const slow = setTimeout(() => {
      slowTimers.current.delete(slow);
      setStatus((st) => (st[id]?.state === 'loading' ? { ...st, [id]: { state: 'slow' } } : st));
    }, SLOW_MS);
    slowTimers.current.add(slow);
    return engine().addVersion(engineVersion(v));
  };
  const addOthers = () => {
    for (const id of now.current.recorded) void add(id);
  };
  /** Takes the version of product `id` out of the engine (not the selected one: select another first). */
  const remove = (id: string) => {
    const e = engine();
    if (id === e.selected || !loaded.current.delete(id)) return;
    e.removeVersion(id);
  };

  const loadedSong = useRef<string | null>(null);
  /** The song the last source was of: the first source is where the player opens, later ones the listener's change. */
  const shownSong = useRef<string | null | undefined>(undefined);
  // A new source loads the versions on show (a new source of the same song keeps the place).
  useEffect(() => {
    const { recorded, versionOf, songId } = now.current;
    if (!o.sourceId) return;
    if (shownSong.current !== undefined)
      now.current.emit(shownSong.current === songId ? 'source-change' : 'song-change', {
        song: songId,
        source: o.sourceId,
      });
    shownSong.current = songId;
    const e = engine();
    const versions = recorded.map((id) => versionOf(id) as PlayerVersion);
    loaded.current = new Set();
    primed.current = false;
    for (const t of slowTimers.current) clearTimeout(t);
    slowTimers.current.clear();
    setStatus({});
    if (versions.length === 0) return;
    const keep = loadedSong.current === songId ? e.position : 0;
    loadedSong.current = songId;
    if (e.state === 'playing') wantPlay.current = true;
    const current = now.current.selected;
    const first = versions.some((v) => v.product_id === current) ? (current as string) : versions[0].product_id;
    if (first !== current) now.current.setSelected(first);
    loaded.current.add(first);
    setStatus(Object.fromEntries(versions.map((v) => [v.product_id, { state: 'loading' }])));
    setPosition(keep);
    setDuration(Math.max(0, ...versions.map((v) => (v.duration_ms ?? 0) / 1000)));
    const rate = versions.find((v) => v.sample_rate)?.sample_rate ?? undefined;
    let live = true;
    const firstVersion = versions.find((v) => v.product_id === first) as PlayerVersion;
    loadDone.current = e
      .load([engineVersion(firstVersion)], first, rate)
      .then(async () => {
        if (!live || e.durationSamples === 0) return;
        setDuration(e.duration);
        if (keep > 0) await e.seek(Math.min(keep, e.duration));
        if (live) setPosition(e.position);
      })
      .catch(() => undefined);
    void loadDone.current.then(() => {
      if (!live) return;
      primed.current = true;
      addOthers();
    });
    if (wantPlay.current) {
      setWaiting(true);
      void resume();
    }
    return () => {
      live = false;
    };
  }, [o.sourceId]);

  // Products brought on show join the running engine; those taken off leave it (not the selected one).
  const recordedKey = o.recorded.join(',');
  useEffect(() => {
    if (!o.sourceId || !primed.current) return;
    addOthers();
    for (const id of [...loaded.current]) if (!o.recorded.includes(id)) remove(id);
  }, [recordedKey]);

  useEffect(
    () => () => {
      for (const t of slowTimers.current) clearTimeout(t);
    },
    [],
  );

  /** Switches what is heard (on the shared clock). */
  const select = (id: string) => {
    // What the engine plays now: two switches in one render both know the first happened.
    const from = engine().selected ?? now.current.selected;
    o.setSelected(id);
    engine().select(id);
    if (from !== id) o.emit('switch', { from, to: id, position: engine().position, blind: o.blind });
  };

  /** Play or pause, from the user's gesture; answers whether a play was asked for. */
  const togglePlay = (): boolean => {
    const e = engine();
    if (e.state === 'playing' || wantPlay.current) {
      wantPlay.current = false;
      setWaiting(false);
      e.pause();
      return false;
    }
    if (!o.sourceId || o.recorded.length === 0) return false;
    // Inside the gesture: lets audio out (autoplay policy; the iOS silent switch). It starts once the audio is in.
    void unlockAudio(e.context);
    wantPlay.current = true;
    setWaiting(true);
    void resume();
    return true;
  };

  /** Moves the playhead; resolves once the engine is there. */
  const seek = (seconds: number): Promise<void> => {
    const from = engine().position;
    const done = engine().seek(seconds);
    setPosition(seconds);
    o.emit('seek', { from, to: seconds });
    return done;
  };

  return {
    engine,
    engineRef,
    state,
    status,
    position,
    setPosition,
    duration,
    waiting,
    add,
    remove,
    select,
    togglePlay,
    seek,
  };
}
