/** Blind mode's shuffle and its names. */
import { expect, test } from 'vitest';
import { blindName, shuffle } from '../src/app/blind.ts';

test('blind mode shuffles into another order and names products A, B, C', () => {
  const ids = ['a', 'b', 'c', 'd'];
  for (let seed = 0; seed < 20; seed++) {
    let x = seed + 1;
    const random = () => {
      x = (x * 16807) % 2147483647;
      return x / 2147483647;
    };
    const out = shuffle(ids, random);
    expect([...out].sort()).toEqual(ids);
    expect(out).not.toEqual(ids);
  }
  // even a random source stuck on one answer gives another order
  expect(shuffle(['a', 'b'], () => 0.99)).toEqual(['b', 'a']);
  expect(shuffle(['a'])).toEqual(['a']);
  expect([0, 1, 25, 26, 27].map(blindName)).toEqual([
    'Product A',
    'Product B',
    'Product Z',
    'Product AA',
    'Product AB',
  ]);
});
