/**
 * The bar chart of a daily series, with Recharts. Only `DailyStatistics` loads this module, through React.lazy,
 * so Recharts is a chunk of its own that the console fetches the first time a chart is shown (design.md: heavy
 * pieces lazy), not part of the main bundle or of the statistics screens' chunk.
 */
import dayjs from 'dayjs';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartBar {
  key: string;
  name: string;
  color: string;
}

export interface DailyChartProps {
  /** One row a day, oldest first: `date` (YYYY-MM-DD) and a number under each bar's key. */
  data: Record<string, string | number>[];
  bars: ChartBar[];
  /** Names the chart for screen readers (the table beside it carries the figures). */
  label: string;
}

const dayLabel = (date: unknown) => dayjs(String(date)).format('D MMM');

export default function DailyChart({ data, bars, label }: DailyChartProps) {
  return (
    <figure className="statistics-chart" aria-label={label} data-testid="statistics-chart">
      <ResponsiveContainer width="100%" height={300}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={dayLabel} minTickGap={12} />
          <YAxis allowDecimals={false} width={48} />
          <Tooltip labelFormatter={(date) => dayjs(String(date)).format('D MMM YYYY')} />
          <Legend />
          {bars.map((bar) => (
            <Bar key={bar.key} dataKey={bar.key} name={bar.name} fill={bar.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
