import type { MobilePlayerInstance, PlayerProduct } from '@atk/contract';
import type { MobileMenuEntry } from '@atk/contract/constants';
import { FeatureContent } from '../shared/FeatureContent.tsx';
import { InfoPages } from '../shared/InfoPages.tsx';
import type { OrderedFeature } from '../shared/instance.ts';
import { Privacy } from '../shared/Privacy.tsx';
import { buildShareUrl, MOBILE_SHARE_PARAMS } from '../shared/share.ts';

const FEATURE_OF: Partial<Record<MobileMenuEntry, OrderedFeature>> = {
  'FREQUENCY GRAPHS': 'frequency_graphs',
  'LISTENING GUIDE': 'listening_guide',
  DISCOGRAPHY: 'discography',
  'TECH SPECS': 'tech_specs',
  IMAGES: 'images',
};
/**
 * The widget's own entry after the operator's menu: the info pages (`mobile_infos`), where a phone user looks for
 * help among the other things to open (decision: docs/architecture.md "Mobile widget").
 */
export const INFO_ENTRY = 'ABOUT & HELP';
export type Panel = MobileMenuEntry | typeof INFO_ENTRY;

export interface SheetProps {
  panel: Panel;
  /** The sheet's id: the info pages' ids are made from it. */
  id: string;
  data: MobilePlayerInstance;
  /** The selected product's record, and what is selected: the share link names them. */
  product: PlayerProduct | null;
  selection: { selected: string | null; songId: string | null; sourceId: string | null };
  /** Blind mode before Reveal: the products' details are hidden. */
  hidden: boolean;
  /** The share link was copied (since the menu was last used). */
  copied: boolean;
  setCopied: (copied: boolean) => void;
  resolve: (url: string) => string;
  /** The visitor's privacy (../shared/Privacy.tsx) and a click on a retailer's link (the statistics, the host page). */
  strict: boolean;
  forget: () => Promise<boolean>;
  bought: (retailer: MobilePlayerInstance['retailers'][number]) => void;
}

/** What a menu entry's sheet holds: the info pages, the deals, the share link or the selected product's feature. */
export function Sheet(props: SheetProps) {
  const { panel, id, data, product, selection, hidden, copied, setCopied, resolve } = props;
  if (panel === INFO_ENTRY)
    return (
      <>
        <InfoPages id={`${id}-info`} infos={data.infos} />
        <Privacy strict={props.strict} forget={props.forget} />
      </>
    );
  if (panel === 'DEALS')
    return data.retailers.length === 0 ? (
      <p className="empty">No deals yet.</p>
    ) : (
      <ul className="deals">
        {data.retailers.map((r) => (
          <li key={r._id}>
            {r.image && <img src={resolve(r.image)} alt="" />}
            {r.website ? (
              <a href={r.website} target="_blank" rel="noopener noreferrer" onClick={() => props.bought(r)}>
                {r.name}
              </a>
            ) : (
              <span>{r.name}</span>
            )}
          </li>
        ))}
      </ul>
    );
  if (panel === 'SHARE') {
    const { selected, songId, sourceId } = selection;
    const shareUrl = buildShareUrl(
      location.href,
      { instance: data._id, product: selected, song: songId, source: sourceId },
      MOBILE_SHARE_PARAMS,
    );
    const copy = () => {
      void navigator.clipboard?.writeText(shareUrl).then(
        () => setCopied(true),
        () => undefined,
      );
    };
    return (
      <div className="share">
        <input readOnly value={shareUrl} aria-label="Share link" data-testid="share-url" />
        <button type="button" onClick={copy}>
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </div>
    );
  }
  const feature = FEATURE_OF[panel];
  if (hidden && feature)
    return <p className="empty">Hidden in blind mode: reveal the products to see their details.</p>;
  if (product && feature)
    return (
      <FeatureContent
        feature={feature}
        product={product}
        bands={data.frequency_bands}
        imageOrder={data.image_order}
        resolve={resolve}
      />
    );
  return null;
}
