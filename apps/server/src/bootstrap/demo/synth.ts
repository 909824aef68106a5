/**
 * Small, deterministic synthesis of the demo's one performance: a finger-picked Karplus-Strong guitar and a
 * formant-synthesised voice (the microphones that colour it: `microphones.ts`; the signal tools: `dsp.ts`).
 */
import { Biquad, normalise, polyBlep, random } from './dsp.ts';

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** A plucked string: Karplus-Strong with a fractional delay, the excitation darker for softer notes. */
function pluck(
  out: Float32Array,
  start: number,
  midi: number,
  velocity: number,
  sampleRate: number,
  rnd: () => number,
) {
  // The loop's delay is the period: N + frac samples of line, plus half a sample from the two-point average.
  const delay = sampleRate / hz(midi) - 0.5;
  const n = Math.floor(delay);
  const frac = delay - n;
  const size = n + 2;
  const line = new Float32Array(size);
  let lp = 0;
  const k = 0.25 + 0.6 * velocity;
  for (let i = 0; i < size; i++) {
    lp += k * (rnd() * 2 - 1 - lp);
    line[i] = lp * velocity;
  }
  // Higher strings die away a little sooner.
  const decay = 0.9965 - (midi - 40) * 0.00004;
  const length = Math.min(out.length - start, Math.floor(sampleRate * 3));
  let prev = 0;
  for (let t = 0; t < length; t++) {
    // Written n and n + 1 samples ago.
    const y = (1 - frac) * line[(t + 2) % size] + frac * line[(t + 1) % size];
    line[t % size] = decay * 0.5 * (y + prev);
    prev = y;
    out[start + t] += y;
  }
}

/** A bar: the chord's bass and three upper notes (MIDI), and the sung notes [midi | null (rest), beats, vowel]. */
interface Bar {
  chord: [number, number, number, number];
  melody: [number | null, number, Vowel][];
}
type Vowel = 'a' | 'e' | 'i' | 'o' | 'u';

const G: Bar['chord'] = [43, 50, 55, 59];
const EM: Bar['chord'] = [40, 47, 52, 55];
const C: Bar['chord'] = [48, 52, 55, 60];
const D: Bar['chord'] = [50, 57, 62, 66];

/** Eight bars in G major at 90 BPM: G Em C D, twice, with a tenor line over it. */
const SONG: Bar[] = [
  {
    chord: G,
    melody: [
      [55, 1, 'a'],
      [59, 1, 'o'],
      [62, 2, 'a'],
    ],
  },
  {
    chord: EM,
    melody: [
      [64, 1, 'e'],
      [62, 1, 'a'],
      [59, 2, 'o'],
    ],
  },
  {
    chord: C,
    melody: [
      [60, 1, 'a'],
      [59, 1, 'e'],
      [57, 1, 'a'],
      [55, 1, 'o'],
    ],
  },
  {
    chord: D,
    melody: [
      [57, 3, 'a'],
      [null, 1, 'a'],
    ],
  },
  {
    chord: G,
    melody: [
      [59, 1, 'o'],
      [62, 1, 'a'],
      [64, 1, 'e'],
      [62, 1, 'a'],
    ],
  },
  {
    chord: EM,
    melody: [
      [59, 2, 'o'],
      [55, 2, 'a'],
    ],
  },
  {
    chord: C,
    melody: [
      [57, 1, 'e'],
      [59, 1, 'a'],
      [60, 1, 'o'],
      [59, 1, 'i'],
    ],
  },
  {
    chord: D,
    melody: [
      [57, 2, 'a'],
      [55, 2, 'o'],
    ],
  },
];
const BPM = 90;
/** Finger-picking order over the chord's four notes, in eighths. */
const PICKING = [0, 2, 1, 3, 0, 2, 1, 3];

/** Formant frequencies, bandwidths and levels of a tenor singing each vowel. */
const FORMANTS: Record<Vowel, [number, number, number][]> = {
  a: [
    [650, 80, 1],
    [1080, 90, 0.5],
    [2650, 120, 0.45],
    [3500, 150, 0.3],
    [4950, 200, 0.15],
  ],
  e: [
    [400, 70, 1],
    [1700, 80, 0.4],
    [2600, 100, 0.35],
    [3300, 150, 0.3],
    [4950, 200, 0.15],
  ],
  i: [
    [290, 40, 1],
    [1870, 90, 0.3],
    [2800, 100, 0.3],
    [3250, 150, 0.3],
    [4950, 200, 0.15],
  ],
  o: [
    [400, 40, 1],
    [800, 80, 0.5],
    [2600, 100, 0.2],
    [3300, 150, 0.2],
    [4950, 200, 0.1],
  ],
  u: [
    [350, 40, 1],
    [600, 60, 0.4],
    [2700, 100, 0.15],
    [3300, 150, 0.15],
    [4950, 200, 0.1],
  ],
};

export interface Performance {
  sampleRate: number;
  /** One dry (unmiked) track per source. */
  tracks: { name: string; samples: Float32Array }[];
}

/** The performance: a guitar and a voice, `seconds` long (the song loops to fill it). */
export function performance(sampleRate = 44100, seconds = 22): Performance {
  const total = Math.floor(sampleRate * seconds);
  const beat = 60 / BPM;
  const rnd = random(7);
  const guitar = new Float32Array(total);
  const voice = new Float32Array(total);
  const notes: { start: number; end: number; midi: number; vowel: Vowel }[] = [];
  for (let bar = 0, t = 0; t < seconds - 1.5; bar++, t += 4 * beat) {
    const { chord, melody } = SONG[bar % SONG.length];
    PICKING.forEach((which, i) => {
      // A human player: a little late or early, a little louder or softer; the bass note leads.
      const at = t + (i * beat) / 2 + (rnd() - 0.5) * 0.012;
      const velocity = (which === 0 ? 0.85 : 0.6) + rnd() * 0.15;
      const start = Math.floor(at * sampleRate);
      if (start < total) pluck(guitar, start, chord[which], velocity, sampleRate, rnd);
    });
    let at = t;
    for (const [midi, beats, vowel] of melody) {
      if (midi !== null) notes.push({ start: at, end: at + beats * beat * 0.95, midi, vowel });
      at += beats * beat;
    }
  }
  singInto(voice, notes, sampleRate, rnd);
  return {
    sampleRate,
    tracks: [
      { name: 'Acoustic Guitar', samples: body(guitar, sampleRate) },
      { name: 'Vocal', samples: voice },
    ],
  };
}

/** A guitar body: the air and top resonances, a little less of the string's fizz. */
function body(x: Float32Array, sampleRate: number): Float32Array {
  const chain = [
    new Biquad('peak', 110, sampleRate, 2, 6),
    new Biquad('peak', 220, sampleRate, 1.5, 3),
    new Biquad('peak', 2500, sampleRate, 1, 2),
    new Biquad('highshelf', 6000, sampleRate, 0.7, -4),
  ];
  return normalise(
    x.map((v) => chain.reduce((s, f) => f.process(s), v)),
    0.5,
  );
}

/** A band-limited sawtooth through three formant filters, with vibrato, glides and breath. */
function singInto(
  out: Float32Array,
  notes: { start: number; end: number; midi: number; vowel: Vowel }[],
  sampleRate: number,
  rnd: () => number,
) {
  for (const note of notes) {
    const start = Math.floor(note.start * sampleRate);
    const end = Math.min(out.length, Math.floor((note.end + 0.12) * sampleRate));
    const filters = FORMANTS[note.vowel].map(([f, bw, gain]) => ({
      f: new Biquad('bandpass', f, sampleRate, f / bw),
      gain,
    }));
    const f0 = hz(note.midi);
    // Breath and the lips' radiation: the top of the spectrum, where microphones differ most.
    const air = new Biquad('highpass', 5000, sampleRate, 0.7);
    let phase = 0;
    for (let i = start; i < end; i++) {
      const t = (i - start) / sampleRate;
      const length = note.end - note.start;
      // Scoop into the note, then vibrato that grows after a quarter second.
      const scoop = -0.5 * Math.exp(-t / 0.04);
      const vibrato = 0.35 * Math.min(1, Math.max(0, (t - 0.25) / 0.4)) * Math.sin(2 * Math.PI * 5.4 * t);
      const f = f0 * 2 ** ((scoop + vibrato) / 12);
      const dt = f / sampleRate;
      phase += dt;
      if (phase >= 1) phase -= 1;
      let saw = 2 * phase - 1;
      saw -= polyBlep(phase, dt);
      const breath = (rnd() * 2 - 1) * 0.08;
      const source = saw + breath;
      const voiced =
        filters.reduce((s, { f: bp, gain }) => s + gain * bp.process(source), 0) + 0.12 * air.process(source);
      const env = Math.min(1, t / 0.05) * Math.min(1, Math.max(0, (length + 0.12 - t) / 0.12));
      out[i] += voiced * env * 0.5;
    }
  }
  normalise(out, 0.5);
}
