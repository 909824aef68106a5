import type { FrequencyBands, PlayerProduct } from '@atk/contract';
import { ImagesPanel } from './Images.tsx';
import { BANDS, bandRange, type OrderedFeature } from './instance.ts';
import { spotifyLink, webLink } from './links.ts';
import { techSections } from './techspecs.ts';

/**
 * One feature's content for a product: a tab of the desktop player's feature panels (../desktop/Panels.tsx) and a
 * sheet of the mobile widget's menu.
 */
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
