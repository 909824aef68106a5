/**
 * A brand's published player instance made as its customer makes one in the console, through endpoints only:
 * a product with a song and a source, the instance, its products, published. For the tests of the player's
 * events and the statistics.
 */
import { type Instance, MSG, type Product } from '@atk/contract';
import { expectOk } from './assertions.ts';
import { makeCategory, type TestApp } from './harness.ts';

export interface PublishedInstance {
  id: string;
  brandId: string;
  product: { id: string; song: string; source: string };
}

export async function publishedInstance(
  app: TestApp,
  customer: { token: string },
  brandId: string,
  name = 'Shootout',
): Promise<PublishedInstance> {
  const as = { token: customer.token };
  const product = await app.call<Product>('POST', '/products', {
    ...as,
    body: { general: { name: `${name} mic`, is_published: 1, category_id: (await makeCategory(app.db)).id } },
  });
  expectOk(product, MSG.createProductSuccess);
  const song = await app.call<{ _id: string }>('POST', '/songs', { ...as, body: { name: `${name} song` } });
  expectOk(song, MSG.createSongSuccess);
  const source = await app.call<{ _id: string }>('POST', '/instruments', {
    ...as,
    body: { song_id: song.body.data._id, name: 'Vocal' },
  });
  expectOk(source, MSG.createInstrumentSuccess);
  const productId = product.body.data._id;
  expectOk(
    await app.call('PUT', `/products/${productId}`, { ...as, body: { type: 'songs', content: [song.body.data._id] } }),
    MSG.updateSuccess,
  );
  const made = await app.call<Instance>('POST', '/instances', { ...as, body: { general: { name } } });
  expectOk(made, MSG.createInstanceSuccess);
  const id = made.body.data._id;
  expectOk(
    await app.call('PUT', `/instances/${id}`, {
      ...as,
      body: { products: [{ product_id: productId, brand_id: brandId, is_active: 1, order: 1 }], other_products: [] },
    }),
    MSG.updateSuccess,
  );
  expectOk(
    await app.call('PUT', `/instances/${id}`, { ...as, body: { general: { name, is_published: 1 } } }),
    MSG.updateSuccess,
  );
  return { id, brandId, product: { id: productId, song: song.body.data._id, source: source.body.data._id } };
}
