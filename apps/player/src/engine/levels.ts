/** Level matching and crossfades: pure numbers, kept apart from Web Audio so they can be tested anywhere. */

/**
 * Gains that bring every version to the quietest one's integrated loudness (only ever attenuating, so nothing
 * clips). A version without a measurement plays at unity.
 */
export function matchedGains(lufs: ReadonlyMap<string, number | null>): Map<string, number> {
  const measured = [...lufs.values()].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const reference = measured.length ? Math.min(...measured) : 0;
  const gains = new Map<string, number>();
  for (const [id, v] of lufs)
    gains.set(id, typeof v === 'number' && Number.isFinite(v) ? 10 ** ((reference - v) / 20) : 1);
  return gains;
}

/** Equal-power fade curves (cos/sin quarter waves): the sum of their powers stays 1 throughout. */
export function equalPowerCurves(points = 64): { out: Float32Array; in: Float32Array } {
  const out = new Float32Array(points);
  const inn = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    const x = (i / (points - 1)) * (Math.PI / 2);
    out[i] = Math.cos(x);
    inn[i] = Math.sin(x);
  }
  out[points - 1] = 0;
  inn[points - 1] = 1;
  return { out, in: inn };
}
