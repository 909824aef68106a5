import type { PlayerInstance, PlayerProduct } from '@atk/contract';
import { useMemo } from 'react';
import { chooseDestination, choosePrice, currencyOf, formatPrice } from '../shared/currency.ts';
import { InfoTip } from './InfoTip.tsx';
import type { Tip } from './instance.ts';

const visitorLanguages = () => {
  try {
    return [navigator.language, ...(navigator.languages ?? [])];
  } catch {
    return [];
  }
};

/**
 * The selected product's price (Display Price; not in blind mode) and the buy button, both in the visitor's
 * currency (the region of the browser's language), else the default destination.
 */
export function BuyRow({
  data,
  product,
  hidden,
  tip,
}: {
  data: PlayerInstance;
  product: PlayerProduct | null;
  hidden: boolean;
  tip: Tip;
}) {
  const currency = useMemo(() => currencyOf(visitorLanguages()), []);
  const destination = chooseDestination(data.buttons, currency);
  const price = data.features.display_price === 1 && product && !hidden ? choosePrice(product.price, currency) : null;
  if (!price && !destination) return null;
  return (
    <div className="row buy">
      {price && (
        <p className="price">
          <span className="label">Price</span> <strong data-testid="price">{formatPrice(price)}</strong>
        </p>
      )}
      {destination && (
        <span className="group">
          <a className="btn primary" href={destination.url} target="_blank" rel="noopener noreferrer">
            Buy now
          </a>
          <InfoTip text={tip('BuyButton')} topic="the buy button" />
        </span>
      )}
    </div>
  );
}
