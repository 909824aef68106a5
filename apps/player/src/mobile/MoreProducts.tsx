import type { PlayerProduct } from '@atk/contract';

/** The instance's other active products, one pick away: the chosen one takes the selected product's slot. */
export function MoreProducts({ others, bring }: { others: PlayerProduct[]; bring: (id: string) => void }) {
  return (
    <label className="field">
      <span>More products</span>
      <select aria-label="More products" value="" onChange={(e) => bring((e.target as HTMLSelectElement).value)}>
        <option value="">Choose a product…</option>
        {others.map((p) => (
          <option key={p._id} value={p._id}>
            {p.brand_name} {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
