import type { PlayerProduct } from '@atk/contract';
import { type ReactNode, useRef, useState } from 'react';

/** The 360° group: drag across the picture, or move the slider, to turn through the filled slots. */
export function Spin({ urls, name }: { urls: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const drag = useRef<{ x: number; from: number } | null>(null);
  const count = urls.length;
  const at = ((index % count) + count) % count;
  const STEP_PX = 24;
  return (
    <div className="spin">
      <div
        className="spin-stage"
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, from: at };
          (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
          e.preventDefault();
        }}
        onPointerMove={(e) => {
          if (!drag.current) return;
          const steps = Math.round((e.clientX - drag.current.x) / STEP_PX);
          setIndex((((drag.current.from + steps) % count) + count) % count);
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      >
        <img src={urls[at]} alt={`${name}, 360° view ${at + 1} of ${count}`} draggable={false} />
      </div>
      <label className="spin-control">
        <span>Turn</span>
        <input
          type="range"
          min={0}
          max={count - 1}
          step={1}
          value={at}
          aria-valuetext={`View ${at + 1} of ${count}`}
          onInput={(e) => setIndex(Number((e.target as HTMLInputElement).value))}
        />
      </label>
    </div>
  );
}

export function ImagesPanel({
  product,
  order,
  resolve,
}: {
  product: PlayerProduct;
  order: string[];
  resolve: (url: string) => string;
}) {
  const spin = product.images.group_360.filter((u): u is string => !!u).map(resolve);
  const extra = product.images.additional;
  const parts: Record<string, ReactNode> = {
    group_360: spin.length ? (
      <section key="group_360" className="sub" aria-label="360° view">
        <h4>360° view</h4>
        <Spin urls={spin} name={product.name} />
      </section>
    ) : null,
    additional: extra.length ? (
      <section key="additional" className="sub" aria-label="More images">
        <h4>More images</h4>
        <div className="gallery">
          {extra.map((img, i) => (
            <figure key={`${img.url}-${i}`}>
              <img src={resolve(img.url)} alt={img.name || `${product.name}, image ${i + 1}`} loading="lazy" />
            </figure>
          ))}
        </div>
      </section>
    ) : null,
  };
  const codes = [...order.filter((c) => c in parts), ...Object.keys(parts).filter((c) => !order.includes(c))];
  const shown = codes.map((c) => parts[c]).filter(Boolean);
  return shown.length ? <div className="images">{shown}</div> : <p className="empty">No images for this product.</p>;
}
