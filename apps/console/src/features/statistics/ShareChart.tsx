/**
 * The products' shares as bars with their 95 % intervals (Recharts' ErrorBar). Loaded through React.lazy like
 * DailyChart, so Recharts stays a chunk of its own (docs/architecture.md "Statistics screens").
 */
import { Bar, BarChart, CartesianGrid, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartColors } from './DailyChart.tsx';

/** One product: its share in percent and how far below and above it the interval reaches. */
export interface ShareRow {
  name: string;
  share: number;
  error: [number, number];
}

export default function ShareChart({ data, label, colors }: { data: ShareRow[]; label: string; colors: ChartColors }) {
  const tick = { fill: colors.text };
  return (
    <figure className="statistics-chart" aria-label={label} data-testid="verdicts-chart">
      <ResponsiveContainer width="100%" height={300}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={colors.grid} />
          <XAxis dataKey="name" tick={tick} stroke={colors.grid} />
          <YAxis domain={[0, 100]} unit=" %" width={56} tick={tick} stroke={colors.grid} />
          <Tooltip formatter={(value) => `${Math.round(Number(value))} %`} />
          <Bar dataKey="share" name="Share" fill={colors.primary} isAnimationActive={false}>
            <ErrorBar dataKey="error" width={8} stroke={colors.text} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
