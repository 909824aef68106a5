import { useId, useRef } from 'react';
import { type Blind, blindName } from './blind.ts';

export interface VoteProps {
  blind: Blind;
  order: string[];
  /** The products heard long enough to be named (./blind.ts `votable`), in the order shown. */
  heard: string[];
  nameOf: (id: string) => string;
  vote: (pick: string | null) => void;
}

/**
 * A blind test's question, once two products were heard long enough: a button per product shown under its blind name
 * (disabled until heard long enough) and No preference. Voting reveals the names, the pick marked in the switcher.
 * The question and the answer come through a polite live region, so nothing takes the focus; only the pressed
 * button, which goes away, hands it to the answer.
 */
export function Vote({ blind, order, heard, nameOf, vote }: VoteProps) {
  const id = useId();
  const box = useRef<HTMLFieldSetElement>(null);
  const asking = !!blind && !blind.revealed && heard.length >= 2;
  const pick = blind?.revealed ? blind.pick : undefined;
  const text = asking
    ? 'Which did you prefer?'
    : pick !== undefined
      ? `Your pick: ${pick ? nameOf(pick) : 'No preference'}`
      : '';
  const answer = (choice: string | null) => {
    box.current?.focus();
    vote(choice);
  };
  return (
    // Empty, it keeps its live region out of the layout (sr-only) but in the accessibility tree, ready to speak.
    <fieldset className={text ? 'vote' : 'vote sr-only'} ref={box} tabIndex={-1} aria-labelledby={id}>
      <p id={id} className="question" role="status">
        {text}
      </p>
      {asking && (
        <>
          {order.map((p, i) => (
            <button
              key={p}
              type="button"
              className="btn"
              disabled={!heard.includes(p)}
              aria-describedby={heard.includes(p) ? undefined : `${id}-hint`}
              onClick={() => answer(p)}
            >
              {blindName(i)}
            </button>
          ))}
          <button type="button" className="btn" onClick={() => answer(null)}>
            No preference
          </button>
          {heard.length < order.length && (
            <p id={`${id}-hint`} className="vote-note">
              Listen to each for a few seconds first.
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
