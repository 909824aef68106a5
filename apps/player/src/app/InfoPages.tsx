import type { PlayerInstance } from '@atk/contract';
import { INFO_PAGE_LABELS, type InfoPage } from '@atk/contract/constants';
import { type KeyboardEvent, useId, useState } from 'react';
import { infoPagesOf } from './instance.ts';
import { nextTab } from './tabs.ts';

/**
 * The player's help and about view: the info pages the platform's operators write (Home, Listening Tips, About
 * Us, FAQ; ATK PLAYER EDIT in the console), those with content, as tabs.
 */
export function InfoPages({ id, infos }: { id: string; infos: PlayerInstance['infos'] }) {
  const pages = infoPagesOf(infos);
  const [chosen, setChosen] = useState<InfoPage | null>(null);
  const base = useId();
  if (pages.length === 0) return null;
  const active = chosen && pages.includes(chosen) ? chosen : pages[0];
  const tabId = (p: InfoPage) => `${base}-tab-${p}`;
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, p: InfoPage) => {
    const next = nextTab(pages, p, e.key);
    if (!next) return;
    e.preventDefault();
    setChosen(next);
    (e.currentTarget.parentElement?.querySelector(`[id="${tabId(next)}"]`) as HTMLElement | null)?.focus();
  };
  return (
    <section id={id} className="features infos" aria-label="About and help">
      <div className="tabs" role="tablist" aria-label="About and help">
        {pages.map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            id={tabId(p)}
            aria-selected={p === active}
            aria-controls={`${base}-panel`}
            tabIndex={p === active ? 0 : -1}
            className="tab"
            onClick={() => setChosen(p)}
            onKeyDown={(e) => onKey(e, p)}
          >
            {INFO_PAGE_LABELS[p]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={tabId(active)} className="tabpanel">
        {/* Sanitised by the server's one allow-list (h3, p, strong, em, u, br, safe links). */}
        <div className="guide" dangerouslySetInnerHTML={{ __html: infos[active] }} />
      </div>
    </section>
  );
}
