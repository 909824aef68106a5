import type { PlayerInstance } from '@atk/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { blindName } from '../shared/blind.ts';
import type { VersionStatus } from '../shared/useEngine.ts';
import type { SelectionState } from '../shared/useSelection.ts';
import { InfoTip } from './InfoTip.tsx';
import { addableProducts, type Tip } from './instance.ts';

export interface ProductSwitcherProps {
  data: PlayerInstance;
  sel: SelectionState;
  /** The products in the comparison, in the order the visitor chose them; `order` is how they are shown. */
  chosen: string[];
  setChosen: (ids: string[]) => void;
  order: string[];
  /** Blind mode before Reveal: names, pictures, models and adding or removing are hidden. */
  hidden: boolean;
  /** After a blind vote, the product the visitor preferred (marked "Your pick"). */
  pick?: string | null;
  status: Record<string, VersionStatus>;
  playable: (id: string) => boolean;
  choose: (id: string) => void;
  resolve: (url: string) => string;
  tip: Tip;
}

/**
 * The products to switch between while the song plays (buttons, and keys 1–9 in the player), the Add row, the
 * announcement of the selected one and a note per version that failed or is slow.
 */
export function ProductSwitcher(props: ProductSwitcherProps) {
  const { data, sel, chosen, setChosen, order, hidden, pick, status, playable, choose, resolve, tip } = props;
  const { byId, selected, source, versionOf } = sel;
  const addId = useId();
  const [adding, setAdding] = useState('');
  const nameOf = (id: string) => (hidden ? blindName(order.indexOf(id)) : (byId.get(id)?.name ?? ''));
  // Adding disables the Add button (and the last addable product takes the whole Add row away); removing takes
  // the remove button away: the focus would fall to the host page, where the number keys and the space bar do
  // nothing. It goes to the added product's button, or to the removed one's neighbour, once they are drawn.
  const list = useRef<HTMLOListElement>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    focusNext.current = null;
    const item = id
      ? [...(list.current?.children ?? [])].find((li) => (li as HTMLElement).dataset.product === id)
      : null;
    const target =
      item?.querySelector<HTMLElement>('.pick:not([disabled])') ?? item?.querySelector<HTMLElement>('.remove');
    target?.focus();
  }, [chosen]);
  const addProduct = () => {
    if (!adding || chosen.includes(adding)) return;
    focusNext.current = adding;
    setChosen([...chosen, adding]);
    setAdding('');
  };
  const removeProduct = (id: string) => {
    const rest = chosen.filter((c) => c !== id);
    if (rest.length === 0) return;
    const shown = order.filter((c) => c !== id);
    focusNext.current = shown[Math.min(order.indexOf(id), shown.length - 1)] ?? null;
    setChosen(rest);
    if (selected === id) sel.setSelected(rest.find((c) => versionOf(c)) ?? rest[0]);
  };
  const addable = hidden ? [] : addableProducts(data, chosen);
  const notes = order.flatMap((id) => {
    const s = status[id];
    if (s?.state === 'failed')
      return [`${nameOf(id)}: ${s.message ?? 'The audio could not be loaded'}. The others keep playing.`];
    if (s?.state === 'slow') return [`${nameOf(id)} is taking a while to download…`];
    return [];
  });

  return (
    <section className="switcher" aria-labelledby="atk-products-title">
      <div className="section-head">
        <h3 id="atk-products-title">{hidden ? 'Products (blind)' : 'Products'}</h3>
        <InfoTip text={tip('Gear')} topic="the products" />
        {order.length > 1 && <span className="hint">Keys 1–{Math.min(9, order.length)} switch</span>}
      </div>
      <ol className="products" ref={list}>
        {order.map((id, i) => {
          const p = byId.get(id);
          const s = status[id];
          const note = !source
            ? null
            : !versionOf(id)
              ? data.preparing
                ? 'being prepared…'
                : 'not recorded'
              : s?.state === 'failed'
                ? 'failed'
                : s?.state === 'loading' || s?.state === 'slow'
                  ? 'loading…'
                  : null;
          return (
            <li key={id} className="product" data-product={id}>
              <button
                type="button"
                className="pick"
                aria-pressed={id === selected}
                aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
                disabled={!!source && !playable(id)}
                onClick={() => choose(id)}
              >
                {i < 9 && (
                  <span className="key" aria-hidden="true">
                    {i + 1}
                  </span>
                )}
                {!hidden && p?.thumbnail && (
                  <img className="thumb" src={resolve(p.thumbnail)} alt="" width={32} height={32} />
                )}
                <span className="pname">
                  <span className="name">{nameOf(id)}</span>
                  {!hidden && p?.model && <span className="model">{p.model}</span>}
                  {id === pick && <span className="badge on">Your pick</span>}
                  {note && <span className="pnote">{note}</span>}
                </span>
              </button>
              {!hidden && chosen.length > 1 && (
                <button
                  type="button"
                  className="remove"
                  aria-label={`Remove ${p?.name ?? 'product'}`}
                  onClick={() => removeProduct(id)}
                >
                  ×
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {addable.length > 0 && (
        <div className="row add">
          <div className="field">
            <label className="label" htmlFor={addId}>
              Add a product to compare
            </label>
            <select id={addId} value={adding} onChange={(e) => setAdding((e.target as HTMLSelectElement).value)}>
              <option value="">Choose a product…</option>
              {addable.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.model ? `${p.name} (${p.model})` : p.name}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn" disabled={!adding} onClick={addProduct}>
            Add
          </button>
        </div>
      )}
      <p className="sr-only" role="status" aria-live="polite" data-testid="selected-announcement">
        {selected ? `${nameOf(selected)} selected` : ''}
      </p>
      <div className="notes" role="status" aria-live="polite">
        {notes.map((n) => (
          <p key={n} className="note">
            {n}
          </p>
        ))}
      </div>
    </section>
  );
}
