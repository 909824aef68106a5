/** Blind mode's shuffle, its names and which products a vote may name. */
import { PLAYER_VOTE_PRODUCTS_MAX, VOTE_MIN_HEARD_SECONDS } from '@atk/contract/constants';
import { expect, test } from 'vitest';
import { blindName, shuffle, votable } from '../src/shared/blind.ts';

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

test('a vote names the products heard a second past the minimum, in the order shown, at most the maximum', () => {
  const enough = VOTE_MIN_HEARD_SECONDS + 1;
  expect(VOTE_MIN_HEARD_SECONDS).toBe(5);
  const heard = new Map([
    ['a', enough],
    ['b', enough - 0.1],
    ['c', 60],
  ]);
  expect(votable(['c', 'b', 'a', 'd'], heard)).toEqual(['c', 'a']);
  // one second heard, or nothing: not a product a vote can name (the prompt needs two)
  expect(votable(['a', 'b'], new Map([['a', 1]]))).toEqual([]);
  const many = Array.from({ length: PLAYER_VOTE_PRODUCTS_MAX + 3 }, (_, i) => `p${i}`);
  const all = new Map(many.map((id) => [id, enough]));
  expect(votable(many, all)).toEqual(many.slice(0, PLAYER_VOTE_PRODUCTS_MAX));
});
