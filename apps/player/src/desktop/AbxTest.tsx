import type { PlayerVersion } from '@atk/contract';
import { WIDGET_ABX_AUDIO_PATH, WIDGET_ABX_PATH, WIDGET_EVENTS_PATH } from '@atk/contract/constants';
import { useEffect, useId, useRef, useState } from 'react';
import type { AudioEngine } from '../engine/engine.ts';
import { blindName } from '../shared/blind.ts';
import { MAX_LISTEN_SECONDS } from '../shared/events.ts';
import type { Emit } from '../shared/host-events.ts';
import { abxScore, loudnessDb } from './abx.ts';

/** X's version in the engine: not a product, so nothing is counted for it (../shared/usePlayerEvents.ts). */
const X = 'abx-x';

type Stage =
  | { at: 'idle' | 'setup' | 'starting' | 'sending' }
  | { at: 'trial'; trial: number; ready: boolean; on: 'A' | 'B' | 'X' }
  | { at: 'done' | 'failed'; text: string };

export interface AbxTestProps {
  instanceId: string;
  songId: string;
  sourceId: string;
  /** The products as the blind test shows them. */
  order: string[];
  engine: () => AudioEngine;
  versionOf: (id: string | null) => PlayerVersion | null;
  resolve: (url: string) => string;
  api: string;
  /** ../shared/usePlayerEvents.ts `post`: as this visitor, with the launch's token. */
  post: <T>(path: string, body: object) => Promise<T | null>;
  /** Switches to a product (the player's own switch). */
  choose: (id: string) => void;
  /** Tells the host page the score. */
  emit: Emit;
}

/**
 * An ABX test of two products of a blind test (docs/api.md "Listener verdicts"). The server picks X for each trial
 * and never tells the page: each trial's X is downloaded from a URL naming only the test and the trial, and joins
 * the engine as a third version on the same clock, so A, B and X switch sample-locked as products do. Level matching
 * uses loudness measured here for all three (./abx.ts). The answers go as one `abx` event; the server's answer
 * scores them, and that score is what is shown.
 */
export function AbxTest(p: AbxTestProps) {
  const id = useId();
  const box = useRef<HTMLFieldSetElement>(null);
  const [stage, setStage] = useState<Stage>({ at: 'idle' });
  const [pair, setPair] = useState<[string, string]>([p.order[0], p.order[1]]);
  const test = useRef({ test: '', trials: 0, a: '', b: '', answers: [] as ('A' | 'B')[], seconds: [] as number[] });
  const trialStart = useRef(0);
  const xUrl = useRef('');
  const props = useRef(p);
  props.current = p;

  /** Takes X out of the engine (heard: back to A) and gives A and B their loudness back. */
  const clear = (restore: boolean) => {
    const e = props.current.engine();
    const { a, b } = test.current;
    if (e.selected === X && a) props.current.choose(a);
    e.removeVersion(X);
    if (xUrl.current) URL.revokeObjectURL(xUrl.current);
    xUrl.current = '';
    if (restore) for (const id of [a, b]) if (id) e.setLoudness(id, props.current.versionOf(id)?.lufs ?? null);
  };
  useEffect(() => () => clear(true), []);

  const loudnessOf = async (bytes: ArrayBuffer) => {
    const buffer = await props.current.engine().context.decodeAudioData(bytes);
    return loudnessDb(Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i)));
  };
  const fetchBytes = async (url: string) => {
    const res = await fetch(url, { credentials: 'omit' });
    if (!res.ok) throw new Error(String(res.status));
    return res.arrayBuffer();
  };
  const fail = (text: string) => {
    clear(true);
    setStage({ at: 'failed', text });
    box.current?.focus();
  };

  const trial = async (n: number) => {
    const { api, engine } = props.current;
    setStage({ at: 'trial', trial: n, ready: false, on: 'A' });
    clear(false);
    try {
      const query = new URLSearchParams({ test: test.current.test, trial: String(n) });
      const bytes = await fetchBytes(`${api}${WIDGET_ABX_AUDIO_PATH}?${query}`);
      const lufs = await loudnessOf(bytes.slice(0));
      xUrl.current = URL.createObjectURL(new Blob([bytes], { type: 'audio/mpeg' }));
      await engine().addVersion({ id: X, url: xUrl.current, lufs });
    } catch {
      return fail('The ABX test stopped: a trial could not be loaded. Please try again.');
    }
    trialStart.current = performance.now();
    setStage({ at: 'trial', trial: n, ready: true, on: 'A' });
  };

  const start = async () => {
    const { post, instanceId, songId, sourceId, versionOf, resolve, engine } = props.current;
    const [a, b] = pair;
    box.current?.focus();
    setStage({ at: 'starting' });
    const started = await post<{ test: string; trials: number }>(WIDGET_ABX_PATH, {
      instance_id: instanceId,
      song_id: songId,
      source_id: sourceId,
      a_id: a,
      b_id: b,
    });
    const [va, vb] = [versionOf(a), versionOf(b)];
    if (!started || !va || !vb) return fail('The ABX test could not start. Please try again.');
    test.current = { test: started.test, trials: started.trials, a, b, answers: [], seconds: [] };
    try {
      const levels = await Promise.all([va, vb].map(async (v) => loudnessOf(await fetchBytes(resolve(v.url)))));
      engine().setLoudness(a, levels[0]);
      engine().setLoudness(b, levels[1]);
    } catch {
      return fail('The ABX test could not start. Please try again.');
    }
    props.current.choose(a);
    await trial(1);
  };

  const answer = async (x: 'A' | 'B') => {
    const t = test.current;
    t.answers.push(x);
    t.seconds.push(Math.min(MAX_LISTEN_SECONDS, Math.round((performance.now() - trialStart.current) / 100) / 10));
    if (t.answers.length < t.trials) return trial(t.answers.length + 1);
    box.current?.focus();
    setStage({ at: 'sending' });
    clear(true);
    const event = { type: 'abx', instance_id: props.current.instanceId, test: t.test, answers: t.answers };
    const sent = await props.current.post<{ abx?: { correct: number; trials: number; p_value: number }[] }>(
      WIDGET_EVENTS_PATH,
      { events: [{ ...event, trial_seconds: t.seconds }] },
    );
    const score = sent?.abx?.[0];
    if (!score) return fail('Your answers could not be sent. Please try again.');
    props.current.emit('abx-result', { trials: score.trials, correct: score.correct, p: score.p_value });
    setStage({ at: 'done', text: abxScore(score) });
  };

  const listen = (on: 'A' | 'B' | 'X') => {
    if (stage.at !== 'trial' || !stage.ready) return;
    if (on === 'X') props.current.engine().select(X);
    else props.current.choose(on === 'A' ? test.current.a : test.current.b);
    setStage({ ...stage, on });
  };

  const nameOf = (product: string) => blindName(p.order.indexOf(product));
  const status =
    stage.at === 'starting'
      ? 'Starting the ABX test…'
      : stage.at === 'trial'
        ? `Trial ${stage.trial} of ${test.current.trials}: is X A or B?${stage.ready ? '' : ' Loading…'}`
        : stage.at === 'sending'
          ? 'Sending your answers…'
          : stage.at === 'done' || stage.at === 'failed'
            ? stage.text
            : '';
  if (stage.at === 'idle')
    return (
      <div className="row">
        <button type="button" className="btn" onClick={() => setStage({ at: 'setup' })}>
          ABX test
        </button>
      </div>
    );
  const choice = (side: 0 | 1, label: string) => (
    <label className="field">
      <span className="label">{label}</span>
      <select
        value={pair[side]}
        onChange={(e) => {
          const next: [string, string] = [...pair];
          next[side] = (e.target as HTMLSelectElement).value;
          setPair(next);
        }}
      >
        {p.order.map((o) => (
          <option key={o} value={o} disabled={o === pair[1 - side]}>
            {nameOf(o)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <fieldset className="abx" ref={box} tabIndex={-1} aria-describedby={`${id}-status`}>
      <legend className="question">ABX test: can you hear a difference?</legend>
      {stage.at === 'setup' && (
        <div className="row">
          {p.order.length > 2 && (
            <>
              {choice(0, 'A is')}
              {choice(1, 'B is')}
            </>
          )}
          <button type="button" className="btn primary" onClick={() => void start()}>
            Start the test
          </button>
          <button type="button" className="btn" onClick={() => setStage({ at: 'idle' })}>
            Cancel
          </button>
        </div>
      )}
      <p id={`${id}-status`} role="status">
        {status}
      </p>
      {stage.at === 'trial' && (
        <div className="row">
          {(['A', 'B', 'X'] as const).map((on) => (
            <button
              key={on}
              type="button"
              className="btn"
              aria-pressed={stage.on === on}
              aria-disabled={!stage.ready}
              onClick={() => listen(on)}
            >
              {on}
            </button>
          ))}
          {(['A', 'B'] as const).map((x) => (
            // aria-disabled while the next trial loads: a disabled button would drop the focus out of the player
            <button
              key={x}
              type="button"
              className="btn"
              aria-disabled={!stage.ready}
              onClick={() => stage.ready && void answer(x)}
            >
              X is {x}
            </button>
          ))}
        </div>
      )}
      {(stage.at === 'done' || stage.at === 'failed') && (
        <div className="row">
          <button type="button" className="btn" onClick={() => setStage({ at: 'setup' })}>
            New ABX test
          </button>
        </div>
      )}
    </fieldset>
  );
}
