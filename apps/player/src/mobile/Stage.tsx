import type { PlayerProduct } from '@atk/contract';
import { useRef } from 'react';
import { choosePrice, currencyOf, formatPrice } from '../shared/currency.ts';

/** A horizontal move this long (px), and longer than it is tall, is a swipe. */
const SWIPE_PX = 48;

export interface StageProps {
  /** The on-screen products in the order shown (a blind test's shuffled order). */
  order: string[];
  byId: Map<string, PlayerProduct>;
  selected: string | null;
  /** The selected product's record. */
  product: PlayerProduct | null;
  /** Blind mode before Reveal: blind names, no pictures, brands or price. */
  hidden: boolean;
  /** The product the listener picked in the blind vote, once revealed. */
  pick: string | null | undefined;
  nameOf: (id: string) => string;
  /** Its version has arrived: only then is it switched to (a switch is never silent). */
  switchable: (id: string) => boolean;
  choose: (id: string) => void;
  resolve: (url: string) => string;
}

/**
 * The on-screen products as slots to tap, the selected one's line (its name, brand and price, read out after a
 * switch), and the swipes that switch along the slots in the order shown.
 */
export function Stage({
  order,
  byId,
  selected,
  product,
  hidden,
  pick,
  nameOf,
  switchable,
  choose,
  resolve,
}: StageProps) {
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    swipe.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const from = swipe.current;
    const t = e.changedTouches[0];
    swipe.current = null;
    if (!from || !t) return;
    const dx = t.clientX - from.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(t.clientY - from.y)) return;
    const playable = order.filter(switchable);
    const i = playable.indexOf(selected ?? '');
    const next = playable[(i + (dx < 0 ? 1 : -1) + playable.length) % playable.length];
    if (next) choose(next);
  };
  const currency = currencyOf(navigator.languages ?? [navigator.language]);
  const price = product && !hidden ? choosePrice(product.price, currency) : null;
  return (
    <div
      className="stage"
      onTouchStart={onTouchStart as never}
      onTouchEnd={onTouchEnd as never}
      data-testid="mobile-stage"
    >
      <ol className="slots" aria-label="Products">
        {order.map((id, i) => {
          const p = byId.get(id);
          if (!p) return null;
          const on = id === selected;
          return (
            <li key={id}>
              <button
                type="button"
                className={on ? 'slot on' : 'slot'}
                aria-pressed={on}
                disabled={!switchable(id)}
                onClick={() => choose(id)}
                data-product={id}
              >
                <span className="pos">{i + 1}</span>
                {p.thumbnail && !hidden ? <img src={resolve(p.thumbnail)} alt="" /> : <span className="noimg" />}
                <span className="pname">{nameOf(id)}</span>
                {!hidden && <span className="pbrand">{p.brand_name}</span>}
                {id === pick && <span className="badge">Your pick</span>}
              </button>
            </li>
          );
        })}
      </ol>
      {product && (
        <p className="now" aria-live="polite">
          <strong>{nameOf(product._id)}</strong>
          {!hidden && <> · {product.brand_name}</>}
          {price && <span className="price"> · {formatPrice(price)}</span>}
        </p>
      )}
    </div>
  );
}
