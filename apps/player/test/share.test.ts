/** The share link: the selection in atk_ parameters, written and read back. */
import { expect, test } from 'vitest';
import { buildShareUrl, parseShare } from '../src/shared/share.ts';

test('the share link carries the selection in atk_ parameters and reads back', () => {
  const url = buildShareUrl('https://brand.example/mics?ref=mail&atk_product=old#reviews', {
    instance: '11111111-1111-4111-8111-111111111111',
    product: '22222222-2222-4222-8222-222222222222',
    song: '33333333-3333-4333-8333-333333333333',
    source: null,
  });
  const u = new URL(url);
  expect(u.origin + u.pathname).toBe('https://brand.example/mics');
  expect(u.hash).toBe('#reviews');
  expect(u.searchParams.get('ref')).toBe('mail');
  expect(u.searchParams.get('atk_instance')).toBe('11111111-1111-4111-8111-111111111111');
  expect(u.searchParams.get('atk_product')).toBe('22222222-2222-4222-8222-222222222222');
  expect(u.searchParams.has('atk_source')).toBe(false);
  expect(parseShare(u.search)).toEqual({
    instance: '11111111-1111-4111-8111-111111111111',
    product: '22222222-2222-4222-8222-222222222222',
    song: '33333333-3333-4333-8333-333333333333',
    source: null,
  });
  expect(parseShare('?atk_product=x')).toBeNull();
  expect(parseShare('?atk_instance=<script>')).toBeNull();
});
