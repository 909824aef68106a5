/** The engine's public types (./engine.ts exports them). */

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
