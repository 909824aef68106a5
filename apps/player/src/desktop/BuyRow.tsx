import type { PlayerInstance, PlayerProduct } from '@atk/contract';
import { withUtm } from '@atk/contract/constants';
import { useMemo } from 'react';
import type { AtkBuyClickDetail } from '../../types/atk-player.d.ts';
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
 * currency (the region of the browser's language), else the default destination; with the instance's UTM tags on
 * it when it has them. A click is told (`clicked`: the statistics and the host page) and the link opens as any link.
 */
export function BuyRow({
  data,
  product,
  hidden,
  tip,
  clicked,
}: {
  data: PlayerInstance;
  product: PlayerProduct | null;
  hidden: boolean;
  tip: Tip;
  clicked: (click: Omit<AtkBuyClickDetail, 'instance'>) => void;
}) {
  const currency = useMemo(() => currencyOf(visitorLanguages()), []);
  const destination = chooseDestination(data.buttons, currency);
  const price = data.features.display_price === 1 && product && !hidden ? choosePrice(product.price, currency) : null;
  if (!price && !destination) return null;
  const url = destination && (data.features.utm_tags === 1 ? withUtm(destination.url, data.name) : destination.url);
  const onClick = () => {
    if (!product || !destination || !url) return;
    const cost = choosePrice(product.price, destination.currency);
    const priced = cost && cost.currency.toUpperCase() === destination.currency.toUpperCase() ? cost : null;
    clicked({
      product: product._id,
      productName: product.name,
      brand: product.brand_name,
      link: destination === data.buttons.default ? 'default' : 'currency',
      retailer: null,
      retailerName: null,
      url,
      price: priced?.price ?? null,
      currency: /^[A-Za-z]{3}$/.test(destination.currency) ? destination.currency.toUpperCase() : null,
    });
  };
  return (
    <div className="row buy">
      {price && (
        <p className="price">
          <span className="label">Price</span> <strong data-testid="price">{formatPrice(price)}</strong>
        </p>
      )}
      {destination && (
        <span className="group">
          <a
            className="btn primary"
            href={url ?? destination.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClick}
          >
            Buy now
          </a>
          <InfoTip text={tip('BuyButton')} topic="the buy button" />
        </span>
      )}
    </div>
  );
}
