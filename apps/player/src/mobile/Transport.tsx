import { formatTime } from '../shared/time.ts';
import type { useEngine } from '../shared/useEngine.ts';

/** Seconds a key moves the playback position by (Home and End: to either end). */
const SEEK_KEYS: Record<string, number> = {
  ArrowLeft: -5,
  ArrowDown: -5,
  ArrowRight: 5,
  ArrowUp: 5,
  PageDown: -15,
  PageUp: 15,
  Home: -Infinity,
  End: Infinity,
};

export interface TransportProps {
  audio: ReturnType<typeof useEngine>;
  /** Some on-screen product has a version of the source: without one, play is disabled. */
  canPlay: boolean;
  togglePlay: () => void;
}

/** The one play button, the playback position as a range (a finger drags it, keys move it) and the clock. */
export function Transport({ audio, canPlay, togglePlay }: TransportProps) {
  const { engineRef, state, position, duration, seek } = audio;
  const playing = state === 'playing';
  return (
    <div className="transport">
      <button
        type="button"
        className="play"
        onClick={togglePlay}
        disabled={!canPlay}
        aria-label={playing ? 'Pause' : 'Play'}
        data-state={state}
        // What bench/mobile.ts reads: the engine's decoded audio now and at its peak (bytes).
        data-decoded-bytes={engineRef.current?.decodedBytes ?? 0}
        data-peak-decoded-bytes={engineRef.current?.peakDecodedBytes ?? 0}
        data-testid="mobile-play"
      >
        {playing ? '❚❚' : '▶'}
      </button>
      <input
        type="range"
        className="seek"
        min={0}
        max={Math.max(duration, 0.1)}
        step={0.1}
        value={position}
        aria-label="Playback position"
        aria-valuenow={Math.round(position * 10) / 10}
        aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
        onInput={(e) => seek(Number((e.target as HTMLInputElement).value))}
        // The range's own step (0.1 s, for a finger's drag) is too small for keys: they move as on the desktop.
        onKeyDown={(e) => {
          const by = SEEK_KEYS[e.key];
          if (by === undefined || duration <= 0) return;
          e.preventDefault();
          seek(
            Math.min(duration, Math.max(0, by === -Infinity ? 0 : by === Infinity ? duration - 0.5 : position + by)),
          );
        }}
      />
      <span className="time">{formatTime(position)}</span>
    </div>
  );
}
