import type { PlayerInstance } from '@atk/contract';
import { useId, useRef, useState } from 'react';
import type { AudioEngine } from '../engine/engine.ts';
import { type Blind, shuffle } from '../shared/blind.ts';
import type { Emit } from '../shared/host-events.ts';
import { InfoPages } from '../shared/InfoPages.tsx';
import { infoPagesOf } from '../shared/instance.ts';
import { Privacy } from '../shared/Privacy.tsx';
import { buildShareUrl } from '../shared/share.ts';
import type { SelectionState } from '../shared/useSelection.ts';
import { InfoTip } from './InfoTip.tsx';
import type { Tip } from './instance.ts';

export interface ToolsProps {
  data: PlayerInstance;
  sel: SelectionState;
  engine: () => AudioEngine;
  chosen: string[];
  blind: Blind;
  setBlind: (blind: Blind) => void;
  tip: Tip;
  emit: Emit;
  /** Strict privacy: nothing on the device, so nothing to forget. */
  strict: boolean;
  /** Forget me (../shared/usePlayerEvents.ts): answers whether it is done. */
  forget: () => Promise<boolean>;
}

/**
 * The row under the transport: level matching (with a source), blind mode and Reveal, the share link and the
 * "About & help" view; then the info pages with the visitor's privacy (Forget me), and the share-link box, when open.
 */
export function Tools({ data, sel, engine, chosen, blind, setBlind, tip, emit, strict, forget }: ToolsProps) {
  const id = useId();
  const hidden = !!blind && !blind.revealed;
  const [matched, setMatched] = useState(true);
  const [shareOpen, setShareOpen] = useState(false);
  /** What the last copy said, for the link it copied: a switch since then makes it stale, so it is not shown. */
  const [copied, setCopied] = useState<{ url: string; note: string } | null>(null);
  const [infoOpen, setInfoOpen] = useState(false);
  const blindButton = useRef<HTMLButtonElement>(null);
  const setLevel = (on: boolean) => {
    setMatched(on);
    engine().setLevelMatched(on);
    emit('level-match', { on });
  };
  // The box always shows the link to what is selected now; 'Link copied' only while that is the copied link.
  const shareUrl = buildShareUrl(location.href, {
    instance: data._id,
    product: hidden ? null : sel.selected,
    song: sel.songId,
    source: sel.sourceId,
  });
  const shareNote = copied?.url === shareUrl ? copied.note : '';
  const share = async () => {
    const url = shareUrl;
    setShareOpen(true);
    try {
      await navigator.clipboard.writeText(url);
      setCopied({ url, note: 'Link copied' });
    } catch {
      setCopied({ url, note: 'Copy the link below' });
    }
  };

  return (
    <>
      <div className="row tools">
        {sel.source && (
          <span className="level">
            <span className={matched ? 'badge on' : 'badge'} data-testid="level-indicator">
              {matched ? 'Level-matched' : 'Not level-matched'}
            </span>
            <button
              type="button"
              role="switch"
              className="switch"
              aria-checked={matched}
              onClick={() => setLevel(!matched)}
            >
              <span className="track" aria-hidden="true" />
              Level matching
            </button>
          </span>
        )}
        <span className="group">
          <button
            ref={blindButton}
            type="button"
            className="btn"
            // Reveal ends the blind test (the products keep the places they had); pressed again, a new one starts.
            aria-pressed={hidden}
            onClick={() => setBlind(hidden ? null : { order: shuffle(chosen), revealed: false })}
          >
            Blind mode
          </button>
          {hidden && (
            <button
              type="button"
              className="btn"
              onClick={() => {
                if (!blind) return;
                setBlind({ ...blind, revealed: true });
                // Reveal goes away once pressed: the focus stays beside it, in the player.
                blindButton.current?.focus();
              }}
            >
              Reveal products
            </button>
          )}
          <InfoTip text={tip('Blind')} topic="blind mode" />
        </span>
        <span className="group">
          <button type="button" className="btn" onClick={() => void share()}>
            Copy share link
          </button>
          <InfoTip text={tip('Share')} topic="the share link" />
          <span className="share-note" role="status">
            {shareNote}
          </span>
        </span>
        <button
          type="button"
          className="btn"
          aria-expanded={infoOpen}
          aria-controls={infoOpen ? `${id}-info` : undefined}
          onClick={() => setInfoOpen(!infoOpen)}
        >
          About &amp; help
        </button>
      </div>
      {infoOpen && (
        <div id={`${id}-info`}>
          {infoPagesOf(data.infos).length > 0 && <InfoPages id={`${id}-pages`} infos={data.infos} />}
          <Privacy strict={strict} forget={forget} />
        </div>
      )}
      {shareOpen && (
        <div className="field share">
          <label className="label" htmlFor={`${id}-share`}>
            Share link
          </label>
          <input
            id={`${id}-share`}
            type="text"
            readOnly
            value={shareUrl}
            onFocus={(e) => (e.target as HTMLInputElement).select()}
          />
        </div>
      )}
    </>
  );
}
