import type { FrequencyBands, PlayerProduct } from '@atk/contract';
import { ImagesPanel } from './Images.tsx';
import { InfoTip } from './InfoTip.tsx';
import { BANDS, bandRange, FEATURE_TITLES, type OrderedFeature, type Tip, type TooltipName } from './instance.ts';
import { spotifyLink, webLink } from './links.ts';
import { TabStrip, useTabs } from './TabStrip.tsx';
import { techSections } from './techspecs.ts';

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

/** One feature's content for a product (the mobile widget's menu shows these too). */
export function FeatureContent({
  feature,
  product,
  bands,
  imageOrder,
  resolve,
}: {
  feature: OrderedFeature;
  product: PlayerProduct;
  bands: FrequencyBands | null;
  imageOrder: string[];
  resolve: (url: string) => string;
}) {
  switch (feature) {
    case 'listening_guide':
      return product.listening_guide ? (
        // Sanitised by the server (h3, p, strong, em, u, a).
        <div className="guide" dangerouslySetInnerHTML={{ __html: product.listening_guide }} />
      ) : (
        <p className="empty">No listening guide for {product.name}.</p>
      );
    case 'discography':
      return <Discography product={product} />;
    case 'frequency_graphs':
      return <FrequencyGraph product={product} bands={bands} resolve={resolve} />;
    case 'tech_specs':
      return <TechSpecs product={product} />;
    case 'images':
      return <ImagesPanel product={product} order={imageOrder} resolve={resolve} />;
  }
}

function Discography({ product }: { product: PlayerProduct }) {
  const rows = product.discography.filter((d) =>
    [d.artist, d.song, d.producer_engineer, d.instruments, d.spotify_link, d.tidal_link].some((v) => v?.trim()),
  );
  if (rows.length === 0) return <p className="empty">No discography for {product.name}.</p>;
  return (
    <div className="scroll-x">
      <table className="table">
        <caption className="sr-only">Discography of {product.name}</caption>
        <thead>
          <tr>
            <th scope="col">Artist</th>
            <th scope="col">Song</th>
            <th scope="col">
              Producer/
              <wbr />
              Engineer
            </th>
            <th scope="col">Instruments</th>
            <th scope="col">Listen</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d, i) => {
            const spotify = spotifyLink(d.spotify_link);
            const tidal = webLink(d.tidal_link);
            const what = [d.song, d.artist].filter(Boolean).join(' by ') || 'this record';
            return (
              <tr key={i}>
                <td>{d.artist}</td>
                <td>{d.song}</td>
                <td>{d.producer_engineer}</td>
                <td>{d.instruments}</td>
                <td className="links">
                  {spotify && (
                    <a href={spotify} target="_blank" rel="noopener noreferrer" aria-label={`${what} on Spotify`}>
                      Spotify
                    </a>
                  )}
                  {tidal && (
                    <a href={tidal} target="_blank" rel="noopener noreferrer" aria-label={`${what} on TIDAL`}>
                      TIDAL
                    </a>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function FrequencyGraph({
  product,
  bands,
  resolve,
}: {
  product: PlayerProduct;
  bands: FrequencyBands | null;
  resolve: (url: string) => string;
}) {
  return (
    <div className="freq">
      {product.frequency_graph ? (
        <img
          className="graph"
          src={resolve(product.frequency_graph.url)}
          alt={`Frequency response of ${product.name}`}
        />
      ) : (
        <p className="empty">No frequency graph for {product.name}.</p>
      )}
      {bands && (
        <div className="scroll-x">
          <table className="table bands">
            <caption className="sr-only">Frequency bands</caption>
            <thead>
              <tr>
                <th scope="col">Band</th>
                <th scope="col">Range</th>
                <th scope="col">What you hear</th>
              </tr>
            </thead>
            <tbody>
              {BANDS.map(([key, label]) => (
                <tr key={key}>
                  <th scope="row">{label}</th>
                  <td className="nowrap">{bandRange(bands[key].min, bands[key].max)}</td>
                  <td>{bands[key].desc}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function TechSpecs({ product }: { product: PlayerProduct }) {
  const sections = techSections(product.tech_specs);
  if (sections.length === 0) return <p className="empty">No tech specs for {product.name}.</p>;
  return (
    <div className="tech">
      {sections.map((s) => (
        <table key={s.key} className="table specs">
          <caption>{s.title}</caption>
          <tbody>
            {s.rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td>{r.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
