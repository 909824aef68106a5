import { useCallback } from 'react';
import { formatTime } from '../shared/time.ts';
import type { useEngine } from '../shared/useEngine.ts';
import { InfoTip } from './InfoTip.tsx';
import type { Tip } from './instance.ts';
import { Waveform } from './Waveform.tsx';

export interface TransportProps {
  audio: ReturnType<typeof useEngine>;
  /** Some version of the source can be loaded: without one, play and the waveform are disabled. */
  canPlay: boolean;
  togglePlay: () => void;
  /** The selected version's peaks file, if it has one. */
  peaksUrl: string | null;
  tip: Tip;
}

/** Play/pause (busy while it waits for the audio), the waveform to seek on and the clock. */
export function Transport({ audio, canPlay, togglePlay, peaksUrl, tip }: TransportProps) {
  const { engineRef, state, position, duration, waiting, seek } = audio;
  const playing = state === 'playing';
  const livePosition = useCallback(() => engineRef.current?.position ?? 0, []);
  return (
    <section className="transport" aria-label="Playback">
      <button
        type="button"
        className="play"
        aria-label={playing || waiting ? 'Pause' : 'Play'}
        aria-busy={(waiting && !playing) || undefined}
        aria-disabled={!canPlay || undefined}
        data-state={state}
        onClick={togglePlay}
      >
        <span aria-hidden="true" className={playing || waiting ? 'icon pause' : 'icon play-icon'} />
      </button>
      <div className="wave-wrap">
        <Waveform
          peaksUrl={peaksUrl}
          duration={duration}
          position={position}
          livePosition={livePosition}
          playing={playing}
          disabled={!canPlay}
          onSeek={seek}
        />
      </div>
      <span className="time" aria-hidden="true">
        {formatTime(position)} / {formatTime(duration)}
      </span>
      <InfoTip text={tip('AtkpWaveform')} topic="the waveform" />
    </section>
  );
}
