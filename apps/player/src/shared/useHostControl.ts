import { useEffect, useRef, useState } from 'react';
import type { Blind } from './blind.ts';
import type { Control, Emit, HostLink } from './host-events.ts';
import type { useEngine } from './useEngine.ts';
import type { SelectionState } from './useSelection.ts';

/** How long play() and select() wait for the audio before they fail. */
const WAIT_MS = 30_000;

/**
 * The player as the host page drives it (./host-element.ts), for the desktop player and the mobile widget alike:
 * hands the element its `Control` once mounted. The control reads the player as it is at each call.
 */
export function useHostControl(o: {
  host: HostLink;
  audio: ReturnType<typeof useEngine>;
  sel: SelectionState;
  /** Starts playing as the play button does (a play counted); false when there is nothing to play. */
  startPlay: () => boolean;
  /** Hears a product: switched to when on show, else brought on show and switched to once heard. */
  hear: (id: string) => void;
}): void {
  const now = useRef(o);
  now.current = o;

  /** Resolves once `done()` holds (checked as the player changes: every 100 ms), or fails with `error`. */
  const until = (done: () => boolean, error: string) =>
    new Promise<void>((resolve, reject) => {
      const end = Date.now() + WAIT_MS;
      const check = () => {
        if (done()) resolve();
        else if (Date.now() > end) reject(new Error(error));
        else setTimeout(check, 100);
      };
      check();
    });

  useEffect(() => {
    const engine = () => now.current.audio.engine();
    const control: Control = {
      play: async () => {
        if (engine().state === 'playing') return;
        if (!now.current.startPlay()) throw new Error('play(): no product on show has a recording of this source');
        await until(() => engine().state === 'playing', 'play(): the audio did not start');
      },
      pause: () => {
        if (engine().state === 'playing' || now.current.audio.waiting) now.current.audio.togglePlay();
      },
      seek: (seconds) => {
        const { audio } = now.current;
        return audio.seek(audio.duration > 0 ? Math.min(seconds, audio.duration) : seconds);
      },
      select: async (product) => {
        const { sel, hear } = now.current;
        if (!sel.versionOf(product))
          throw new Error(`select(): product "${product}" has no recording of the selected source`);
        // Asked again until it is heard: a product on show is switched to only once its audio can be heard.
        const heard = () => {
          if (now.current.sel.selected === product) return true;
          now.current.hear(product);
          return false;
        };
        hear(product);
        await until(heard, `select(): product "${product}" could not be heard`);
      },
      selectSong: (song, source) => {
        now.current.sel.pickSong(song);
        if (source) now.current.sel.setSourceId(source);
      },
      selectSource: (source) => now.current.sel.setSourceId(source),
      state: () => {
        const { sel } = now.current;
        return {
          playing: engine().state === 'playing',
          position: engine().position,
          product: sel.selected,
          song: sel.songId,
          source: sel.sourceId,
        };
      },
    };
    o.host.ready(control);
  }, []);
}

/**
 * Blind mode's state, as both players hold it; a test revealed (by Reveal or by a vote) is told to the page at once,
 * with the products as it showed them, before anything the page does next.
 */
export function useBlind(emit: Emit): [Blind, (next: Blind) => void] {
  const [blind, set] = useState<Blind>(null);
  const current = useRef(blind);
  const setBlind = (next: Blind) => {
    const was = current.current;
    if (was && !was.revealed && next?.revealed) emit('reveal', { products: next.order, pick: next.pick ?? null });
    current.current = next;
    set(next);
  };
  return [blind, setBlind];
}
