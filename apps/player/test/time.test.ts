/** The clock beside the waveform. */
import { expect, test } from 'vitest';
import { formatTime } from '../src/shared/time.ts';

test('the clock reads m:ss (h:mm:ss past an hour)', () => {
  expect(formatTime(0)).toBe('0:00');
  expect(formatTime(7.9)).toBe('0:07');
  expect(formatTime(185)).toBe('3:05');
  expect(formatTime(3723)).toBe('1:02:03');
  expect(formatTime(Number.NaN)).toBe('0:00');
});
