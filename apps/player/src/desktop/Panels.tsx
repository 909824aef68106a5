import type { FrequencyBands, PlayerProduct } from '@atk/contract';
import { FeatureContent } from '../shared/FeatureContent.tsx';
import type { OrderedFeature } from '../shared/instance.ts';
import { TabStrip, useTabs } from '../shared/TabStrip.tsx';
import { InfoTip } from './InfoTip.tsx';
import { FEATURE_TITLES, type Tip, type TooltipName } from './instance.ts';

const FEATURE_TIPS: Record<OrderedFeature, TooltipName> = {
  listening_guide: 'ListeningGuide',
  discography: 'Discography',
  frequency_graphs: 'FrequencyOrTech',
  tech_specs: 'FrequencyOrTech',
  images: 'Image',
};

export interface PanelsProps {
  features: OrderedFeature[];
  product: PlayerProduct | null;
  /** Blind mode before Reveal: a note is shown instead of the product's content. */
  hidden: boolean;
  bands: FrequencyBands | null;
  imageOrder: string[];
  tip: Tip;
  resolve: (url: string) => string;
}

/** The instance's enabled features, in its order, as tabs over the selected product's content. */
export function Panels({ features, product, hidden, bands, imageOrder, tip, resolve }: PanelsProps) {
  const tabs = useTabs(features);
  if (features.length === 0) return null;
  const { active, tabId, panelId } = tabs;
  return (
    <section className="features" aria-label="Product details">
      <TabStrip keys={features} label="Product details" name={(f) => FEATURE_TITLES[f]} tabs={tabs} />
      <div role="tabpanel" id={panelId(active)} aria-labelledby={tabId(active)} className="tabpanel">
        <div className="panel-head">
          <h3>{FEATURE_TITLES[active]}</h3>
          <InfoTip text={tip(FEATURE_TIPS[active])} topic={FEATURE_TITLES[active]} />
        </div>
        {hidden || !product ? (
          <p className="empty">
            {hidden ? 'Hidden in blind mode: reveal the products to see their details.' : 'Choose a product.'}
          </p>
        ) : (
          <FeatureContent feature={active} product={product} bands={bands} imageOrder={imageOrder} resolve={resolve} />
        )}
      </div>
    </section>
  );
}
