import { describe, expect, it } from 'vitest';
import { VersionedCache } from '../../src/modules/products/list-cache.ts';

describe('VersionedCache', () => {
  it('serves an answer only under the version it was read under', () => {
    const cache = new VersionedCache<string>();
    cache.set('page', 3, 'answer');
    expect(cache.get('page', 3)).toBe('answer');
    expect(cache.get('page', 4)).toBeUndefined();
  });

  it('stays within its weight, forgetting the least recently used first', () => {
    const cache = new VersionedCache<string>(10, (answer) => answer.length);
    cache.set('a', 1, 'aaaa');
    cache.set('b', 1, 'bbbb');
    expect(cache.get('a', 1)).toBe('aaaa');
    cache.set('c', 1, 'cccc');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('aaaa');
    expect(cache.get('c', 1)).toBe('cccc');
    cache.set('a', 2, 'a');
    cache.set('d', 1, 'ddddd');
    expect(cache.get('a', 2)).toBe('a');
    expect(cache.get('c', 1)).toBe('cccc');
    cache.set('huge', 1, 'x'.repeat(11));
    expect(cache.get('huge', 1)).toBeUndefined();
  });
});
