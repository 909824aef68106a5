/**
 * Simulated microphones that colour a performance (biquad EQ, soft saturation, self-noise). They are zero-latency
 * filters, so every render of the same performance is sample-aligned.
 */
import { Biquad, type BiquadType, random } from './dsp.ts';

/** A simulated microphone: a frequency response (biquads), how hard its transformer/capsule saturates, its noise. */
export interface Microphone {
  name: string;
  model: string;
  /** One line on its sound, for the demo's product data. */
  character: string;
  eq: [BiquadType, number, number, number?][];
  drive: number;
  noiseDb: number;
}

/** Four clearly different microphones. */
export const MICROPHONES: Microphone[] = [
  {
    name: 'Lumen C1',
    model: 'LC-1',
    character: 'Large-diaphragm condenser: open, bright, with a presence peak around 10 kHz.',
    eq: [
      ['highpass', 30, 0.7],
      ['peak', 200, 1, 1],
      ['peak', 10000, 1, 6],
      ['highshelf', 12000, 0.7, 3],
    ],
    drive: 0,
    noiseDb: -84,
  },
  {
    name: 'Velour R2',
    model: 'VR-2',
    character: 'Ribbon: dark and smooth, rolled-off highs, full low end, a touch of transformer warmth.',
    eq: [
      ['lowshelf', 150, 0.7, 5],
      ['lowpass', 5500, 0.6],
      ['highshelf', 7000, 0.7, -8],
    ],
    drive: 1.6,
    noiseDb: -72,
  },
  {
    name: 'Brick D7',
    model: 'BD-7',
    character: 'Dynamic: tight low cut, forward mids with a 5 kHz bite, little air.',
    eq: [
      ['highpass', 150, 0.8],
      ['peak', 1500, 1, 2],
      ['peak', 4500, 1.2, 6],
      ['lowpass', 10000, 0.7],
    ],
    drive: 0.8,
    noiseDb: -76,
  },
  {
    name: 'Pencil S4',
    model: 'PS-4',
    character: 'Small-diaphragm condenser: flat and honest, a little air on top.',
    eq: [
      ['highpass', 20, 0.7],
      ['highshelf', 14000, 0.7, 2.5],
    ],
    drive: 0,
    noiseDb: -82,
  },
];

/** A track as `mic` hears it: EQ, then soft saturation (tanh, level-compensated), then its self-noise. */
export function throughMicrophone(track: Float32Array, mic: Microphone, sampleRate: number, seed = 1): Float32Array {
  const chain = mic.eq.map(([type, f, q, gain]) => new Biquad(type, f, sampleRate, q, gain ?? 0));
  const rnd = random(seed);
  const noise = 10 ** (mic.noiseDb / 20);
  const out = new Float32Array(track.length);
  for (let i = 0; i < track.length; i++) {
    let v = track[i];
    for (const f of chain) v = f.process(v);
    if (mic.drive > 0) v = Math.tanh(v * (1 + mic.drive)) / (1 + mic.drive * 0.6);
    out[i] = v + (rnd() * 2 - 1) * noise;
  }
  // Headroom: no render may clip (the player matches levels from the measured loudness anyway).
  let max = 0;
  for (const v of out) max = Math.max(max, Math.abs(v));
  if (max > 0.89) for (let i = 0; i < out.length; i++) out[i] *= 0.89 / max;
  return out;
}
