/** How a statistics range is read: closed months whole from their monthly totals, every other day by runs. */
import { describe, expect, it } from 'vitest';
import { rangeParts } from '../../src/modules/statistics/months.ts';

const closed = new Set(['2026-01', '2026-02', '2026-03', '2026-05']);

describe('rangeParts', () => {
  it('reads a closed month wholly inside the range from its total, the days around it by runs', () => {
    expect(rangeParts('2025-12-20', '2026-04-10', closed)).toEqual({
      months: ['2026-01', '2026-02', '2026-03'],
      days: [
        { from: '2025-12-20', to: '2025-12-31' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
    });
  });
  it('reads a month not closed by its days, between closed ones', () => {
    expect(rangeParts('2026-03-01', '2026-05-31', closed)).toEqual({
      months: ['2026-03', '2026-05'],
      days: [{ from: '2026-04-01', to: '2026-04-30' }],
    });
  });
  it('never takes a closed month that the range cuts', () => {
    expect(rangeParts('2026-01-02', '2026-02-27', closed)).toEqual({
      months: [],
      days: [{ from: '2026-01-02', to: '2026-02-27' }],
    });
    expect(rangeParts('2026-02-10', '2026-02-10', closed)).toEqual({
      months: [],
      days: [{ from: '2026-02-10', to: '2026-02-10' }],
    });
  });
  it('knows the length of every month, February of a leap year included', () => {
    const leap = new Set(['2028-02']);
    expect(rangeParts('2028-02-01', '2028-02-29', leap)).toEqual({ months: ['2028-02'], days: [] });
    expect(rangeParts('2028-02-01', '2028-02-28', leap).months).toEqual([]);
  });
});
