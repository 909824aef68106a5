/** The instance read made safe to draw, and the selection the player opens with. */
import { expect, test } from 'vitest';
import { addableProducts, initialProducts, initialSelection, normaliseInstance } from '../src/desktop/instance.ts';
import { bandRange, startingSource } from '../src/shared/instance.ts';

test('the player opens with the featured products (or the first three), and a shared selection', () => {
  const raw = {
    _id: 'i',
    name: 'n',
    brand_name: 'b',
    features: { ordered: ['tech_specs', 'bogus', 'images'], display_price: 1, products_in_player: 3 },
    products: ['a', 'b', 'c', 'd'].map((id) => ({ _id: id, name: id.toUpperCase() })),
    featured: ['c', 'a'],
    songs: [
      {
        _id: 's1',
        name: 'Song',
        sources: [
          { _id: 'x', name: 'X', versions: [{ product_id: 'a', url: 'a.mp3' }] },
          { _id: 'y', name: 'Y', versions: [{ product_id: 'b', url: 'b.mp3' }] },
        ],
      },
    ],
  };
  const data = normaliseInstance(raw);
  // an older answer without the lists still draws
  expect(normaliseInstance({ _id: 'i', products: [{ _id: 'a', name: 'A' }] })).toMatchObject({
    features: { ordered: [], display_price: 1, products_in_player: 5 },
    songs: [],
    featured: [],
    image_order: ['group_360', 'additional'],
    products: [{ _id: 'a', images: { additional: [], group_360: [] }, discography: [] }],
  });
  expect(data.features.ordered).toEqual(['tech_specs', 'images']);
  expect(initialProducts(data)).toEqual(['c', 'a']);
  expect(initialProducts({ ...data, featured: [] })).toEqual(['a', 'b', 'c']);
  expect(addableProducts(data, ['c', 'a']).map((p) => p._id)).toEqual(['b', 'd']);
  expect(addableProducts(data, ['c', 'a', 'b'])).toEqual([]);
  // the first recorded product of the first source is selected
  expect(initialSelection(data, null)).toEqual({ chosen: ['c', 'a'], product: 'a', song: 's1', source: 'x' });
  // a shared link's product joins (within Products in Player) and its song and source are chosen
  expect(initialSelection(data, { product: 'b', song: 's1', source: 'y' })).toEqual({
    chosen: ['c', 'a', 'b'],
    product: 'b',
    song: 's1',
    source: 'y',
  });
  expect(
    initialSelection({ ...data, features: { ...data.features, products_in_player: 2 } }, { product: 'd' }),
  ).toEqual({
    chosen: ['c', 'd'],
    product: 'd',
    song: 's1',
    source: 'x',
  });
  expect(bandRange(20, 60)).toBe('20 Hz – 60 Hz');
  expect(bandRange(4000, 10000)).toBe('4 kHz – 10 kHz');
  expect(bandRange(2500, 20000)).toBe('2.5 kHz – 20 kHz');
});

test('the player opens on the first song and source that the most products on show recorded', () => {
  const take = (id: string, products: string[]) => ({
    _id: id,
    name: id,
    versions: products.map((p) => ({ product_id: p, url: `${p}.mp3` })),
  });
  const songs = [
    { _id: 's1', sources: [take('x', ['a']), take('y', ['a'])] },
    { _id: 's2', sources: [take('z', ['a', 'b']), take('w', ['a', 'b'])] },
  ];
  const ids = (r: { song: { _id: string } | null; source: { _id: string } | null }) => [r.song?._id, r.source?._id];
  // 'x' (first) has one of the two products, 'z' both: the first of the best
  expect(ids(startingSource(songs, ['a', 'b'], null))).toEqual(['s2', 'z']);
  // a tie keeps song then source order
  expect(ids(startingSource(songs, ['a'], null))).toEqual(['s1', 'x']);
  // no recording of any product on show: the first song and source, as before
  expect(ids(startingSource(songs, ['q'], null))).toEqual(['s1', 'x']);
  // a shared link's song and source win; a shared song alone opens on its best source
  expect(ids(startingSource(songs, ['a', 'b'], { song: 's1', source: 'y' }))).toEqual(['s1', 'y']);
  expect(ids(startingSource(songs, ['b'], { song: 's2', source: 'gone' }))).toEqual(['s2', 'z']);
  // a song no longer offered is ignored
  expect(ids(startingSource(songs, ['a', 'b'], { song: 'gone', source: 'x' }))).toEqual(['s2', 'z']);
  expect(startingSource([], ['a'], null)).toEqual({ song: null, source: null });
  // the player's opening selection follows it, and selects a product that recorded it
  const data = normaliseInstance({
    _id: 'i',
    products: [
      { _id: 'a', name: 'A' },
      { _id: 'b', name: 'B' },
    ],
    featured: [],
    songs: songs.map((s) => ({ ...s, name: s._id })),
  });
  expect(initialSelection(data, null)).toEqual({ chosen: ['a', 'b'], product: 'a', song: 's2', source: 'z' });
});
