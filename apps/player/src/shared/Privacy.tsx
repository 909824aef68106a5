import { PRIVACY_TEXT } from '@atk/contract';
import { useId, useState } from 'react';

/**
 * The visitor's privacy, in the information panel of both players: what the player keeps on the device, and Forget
 * me, which erases this browser's id here and on the server (docs/api.md "What the statistics store, and for how
 * long"). In strict privacy (the page's or the browser's choice, or consent not given) nothing is kept to forget.
 */
export function Privacy({ strict, forget }: { strict: boolean; forget: () => Promise<boolean> }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const onForget = async () => {
    setBusy(true);
    const ok = await forget();
    setBusy(false);
    setDone(ok);
    setNote(ok ? PRIVACY_TEXT.forgotten : PRIVACY_TEXT.failed);
  };
  return (
    <section className="privacy" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{PRIVACY_TEXT.heading}</h3>
      <p>{strict || done ? PRIVACY_TEXT.strict : PRIVACY_TEXT.standard}</p>
      {!strict && !done && (
        <button type="button" className="btn" disabled={busy} onClick={() => void onForget()}>
          {PRIVACY_TEXT.forget}
        </button>
      )}
      <p className="note" role="status">
        {note}
      </p>
    </section>
  );
}
