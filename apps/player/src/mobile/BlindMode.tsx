import { useRef } from 'react';
import { type Blind, shuffle } from '../shared/blind.ts';

/** Blind mode and Reveal, as the desktop player's (../desktop/Tools.tsx): shuffles the on-screen products. */
export function BlindMode({
  screen,
  blind,
  setBlind,
}: {
  screen: string[];
  blind: Blind;
  setBlind: (b: Blind) => void;
}) {
  const hidden = !!blind && !blind.revealed;
  const blindButton = useRef<HTMLButtonElement>(null);
  function reveal() {
    if (!blind) return;
    setBlind({ ...blind, revealed: true });
    // Reveal goes away once pressed: the focus stays beside it.
    blindButton.current?.focus();
  }
  return (
    <div className="tools">
      <button
        ref={blindButton}
        type="button"
        className="btn"
        // Reveal ends the blind test (the products keep the places they had); pressed again, a new one starts.
        aria-pressed={hidden}
        onClick={() => setBlind(hidden ? null : { order: shuffle(screen), revealed: false })}
      >
        Blind mode
      </button>
      {hidden && (
        <button type="button" className="btn" onClick={reveal}>
          Reveal products
        </button>
      )}
    </div>
  );
}
