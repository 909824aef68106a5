/** The waveform's peaks files. */
import { expect, test } from 'vitest';
import { columnsOf, readPeaks } from '../src/desktop/peaks.ts';

test('peaks files decode to points and fold into waveform columns', () => {
  const data = btoa(String.fromCharCode(0, 255, 128, 64, 10, 20));
  const peaks = readPeaks({ points_per_second: 2, encoding: 'u8-base64', data });
  expect(peaks && [...peaks.values]).toEqual([0, 255, 128, 64, 10, 20]);
  if (!peaks) return;
  expect([...columnsOf(peaks, 3, 3)].map((v) => Math.round(v * 255))).toEqual([255, 128, 20]);
  // a longer timeline than the recording: the columns past its end are silent
  expect([...columnsOf(peaks, 4, 4)].map((v) => Math.round(v * 255))).toEqual([255, 128, 20, 0]);
  expect(readPeaks({ data: 'AA==' })).toBeNull();
  expect(readPeaks(null)).toBeNull();
});
