/** The instance read made safe to draw, and the selection the player opens with. */
import { expect, test } from 'vitest';
import {
  addableProducts,
  bandRange,
  initialProducts,
  initialSelection,
  normaliseInstance,
} from '../src/app/instance.ts';

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
