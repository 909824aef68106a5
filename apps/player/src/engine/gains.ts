/**
 * The gains each track plays through (its level, then its fade, into the master): level matching and the switch's
 * crossfade as Web Audio automation. The numbers themselves are ./levels.ts.
 */
import { equalPowerCurves, matchedGains } from './levels.ts';
import type { Track } from './track.ts';

/**
 * Brings every track to the quietest one's loudness (`matched`), or back to unity: at once (`immediately`, nothing
 * is heard yet), else gliding from context time `at`.
 */
export function applyLevels(tracks: Map<string, Track>, matched: boolean, at: number, immediately: boolean) {
  const gains = matchedGains(new Map([...tracks].map(([id, t]) => [id, t.lufs])));
  for (const [id, t] of tracks) {
    const g = matched ? (gains.get(id) ?? 1) : 1;
    t.level.gain.cancelScheduledValues(at);
    if (immediately) t.level.gain.value = g;
    else t.level.gain.setTargetAtTime(g, at, 0.01);
  }
}

/** Switches what is heard from one track to another: an equal-power crossfade of `duration` s from time `at`. */
export function crossfade(from: Track | undefined, to: Track, at: number, duration: number) {
  const curves = equalPowerCurves();
  if (from) fadeTo(from.fade.gain, curves.out, at, duration);
  fadeTo(to.fade.gain, curves.in, at, duration);
}

function fadeTo(param: AudioParam, curve: Float32Array, at: number, duration: number) {
  // The fade starts from wherever the gain is (a switch may interrupt another one).
  const now = param.value;
  const scaled = curve.map((v, i) => (i === 0 ? now : v));
  param.cancelScheduledValues(at);
  param.setValueCurveAtTime(scaled, at, duration);
}
