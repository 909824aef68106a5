/**
 * The bar chart of a daily series, with Recharts. Only `DailyStatistics` loads this module, through React.lazy,
 * so Recharts is a chunk of its own that the console fetches the first time a chart is shown (docs/architecture.md
 * "Statistics screens"), not part of the main bundle or of the statistics screens' chunk.
 */
import dayjs from 'dayjs';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** A measure's bar: its key in the rows, its name, and its tone of the console's theme. */
export interface ChartBar {
  key: string;
  name: string;
  tone: 'primary' | 'secondary';
}

/** The theme's colours a chart draws with (antd tokens, resolved by the screen: this chunk reads no context). */
export interface ChartColors {
  primary: string;
  secondary: string;
  grid: string;
  text: string;
}

export interface DailyChartProps {
  /** One row a day, oldest first: `date` (YYYY-MM-DD) and a number under each bar's key. */
  data: Record<string, string | number>[];
  bars: ChartBar[];
  /** Names the chart for screen readers (the table beside it carries the figures). */
  label: string;
  colors: ChartColors;
}

const dayLabel = (date: unknown) => dayjs(String(date)).format('D MMM');

export default function DailyChart({ data, bars, label, colors }: DailyChartProps) {
  const tick = { fill: colors.text };
  return (
    <figure className="statistics-chart" aria-label={label} data-testid="statistics-chart">
      <ResponsiveContainer width="100%" height={300}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={colors.grid} />
          <XAxis dataKey="date" tickFormatter={dayLabel} minTickGap={12} tick={tick} stroke={colors.grid} />
          <YAxis allowDecimals={false} width={48} tick={tick} stroke={colors.grid} />
          <Tooltip labelFormatter={(date) => dayjs(String(date)).format('D MMM YYYY')} />
          <Legend />
          {bars.map((bar) => (
            <Bar key={bar.key} dataKey={bar.key} name={bar.name} fill={colors[bar.tone]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
