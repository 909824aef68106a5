/**
 * The player's pure logic (apps/player/src/app/*.ts, no DOM or React): the visitor's currency and what it picks,
 * the blind shuffle, the share link, Spotify and web links, the clock, event batching, peaks, tech specs, and
 * the selection the player opens with. No browser: these run in the test process.
 */
import { expect, test } from '@playwright/test';
import { blindName, shuffle } from '../../apps/player/src/app/blind.ts';
import {
  chooseDestination,
  choosePrice,
  currencyOf,
  formatPrice,
  regionOf,
} from '../../apps/player/src/app/currency.ts';
import { EVENTS_PER_REQUEST, EventBatcher, isUuid, pageUrl, uuidFromBytes } from '../../apps/player/src/app/events.ts';
import {
  addableProducts,
  bandRange,
  initialProducts,
  initialSelection,
  normaliseInstance,
} from '../../apps/player/src/app/instance.ts';
import { spotifyLink, webLink } from '../../apps/player/src/app/links.ts';
import { columnsOf, readPeaks } from '../../apps/player/src/app/peaks.ts';
import { buildShareUrl, parseShare } from '../../apps/player/src/app/share.ts';
import { techSections, techValue } from '../../apps/player/src/app/techspecs.ts';
import { formatTime } from '../../apps/player/src/app/time.ts';

test('the currency comes from the region of the browser language; unknown regions have none', () => {
  expect(regionOf('en-GB')).toBe('GB');
  expect(regionOf('de_DE')).toBe('DE');
  expect(regionOf('zh-Hant-TW')).toBe('TW');
  expect(currencyOf(['en-GB'])).toBe('GBP');
  expect(currencyOf(['de-DE'])).toBe('EUR');
  expect(currencyOf(['fr-CA'])).toBe('CAD');
  expect(currencyOf(['en-US', 'de-DE'])).toBe('USD');
  // no region: the likely one (Intl.Locale), else the next language
  expect(currencyOf(['de'])).toBe('EUR');
  expect(currencyOf(['es-419', 'es-MX'])).toBe('MXN');
  expect(currencyOf([undefined, '', 'xx-ZZ'])).toBeNull();
});

test('the buy button goes to the destination in the visitor currency, else the default; none without a web address', () => {
  const buttons = {
    default: { currency: 'USD', symbol: '$', url: 'https://shop.example/us' },
    list: [
      { currency: 'EUR', symbol: '€', url: 'https://shop.example/eu' },
      { currency: 'GBP', symbol: '£', url: '' },
    ],
  };
  expect(chooseDestination(buttons, 'EUR')?.url).toBe('https://shop.example/eu');
  expect(chooseDestination(buttons, 'eur')?.url).toBe('https://shop.example/eu');
  expect(chooseDestination(buttons, 'GBP')?.url).toBe('https://shop.example/us');
  expect(chooseDestination(buttons, null)?.url).toBe('https://shop.example/us');
  expect(chooseDestination({ ...buttons, default: { ...buttons.default, url: '' } }, 'JPY')).toBeNull();
  expect(
    chooseDestination({ default: { currency: 'USD', symbol: '$', url: 'javascript:alert(1)' } }, 'USD'),
  ).toBeNull();
  expect(chooseDestination(null, 'USD')).toBeNull();
});

test('the price is the one in the visitor currency, else the default', () => {
  const price = {
    default: { currency: 'USD', price: 1299, symbol: '$' },
    list: [{ currency: 'EUR', price: 1199.5, symbol: '€' }],
  };
  expect(choosePrice(price, 'EUR')).toEqual({ currency: 'EUR', price: 1199.5, symbol: '€' });
  expect(choosePrice(price, 'GBP')).toEqual(price.default);
  expect(choosePrice(null, 'EUR')).toBeNull();
  expect(formatPrice(price.default, 'en-US')).toBe('$1,299');
  expect(formatPrice({ currency: 'EUR', price: 1199.5, symbol: '€' }, 'de-DE')).toBe('€1.199,50');
  expect(formatPrice({ currency: 'CHF', price: 10, symbol: '' }, 'en-US')).toBe('10 CHF');
});

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

test('Spotify URIs become open.spotify.com links; only http(s) links are kept', () => {
  expect(spotifyLink('spotify:track:4uLU6hMCjMI75M1A2tKUQC')).toBe(
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
  );
  expect(spotifyLink('spotify:album:1DFixLWuPkv3KT3TnV35m3')).toBe(
    'https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3',
  );
  expect(spotifyLink('spotify:user:someone:playlist:37i9dQZF1DX')).toBe(
    'https://open.spotify.com/playlist/37i9dQZF1DX',
  );
  expect(spotifyLink('https://open.spotify.com/track/abc?si=1')).toBe('https://open.spotify.com/track/abc?si=1');
  expect(spotifyLink('javascript:alert(1)')).toBeNull();
  expect(spotifyLink('')).toBeNull();
  expect(webLink('https://tidal.com/browse/track/1')).toBe('https://tidal.com/browse/track/1');
  expect(webLink('data:text/html,hi')).toBeNull();
  expect(webLink('not a link')).toBeNull();
});

test('the clock reads m:ss (h:mm:ss past an hour)', () => {
  expect(formatTime(0)).toBe('0:00');
  expect(formatTime(7.9)).toBe('0:07');
  expect(formatTime(185)).toBe('3:05');
  expect(formatTime(3723)).toBe('1:02:03');
  expect(formatTime(Number.NaN)).toBe('0:00');
});

test('events are batched: listening time summed per product, song and source, at most 50 per request', () => {
  const b = new EventBatcher();
  const target = { instance_id: 'i', product_id: 'p1', song_id: 's', source_id: 'src' };
  b.add({ type: 'launch', instance_id: 'i' });
  b.add({ type: 'play', instance_id: 'i', product_id: 'p1', song_id: 's', source_id: 'src' });
  b.listen(target, 1.26);
  b.listen(target, 2);
  b.listen({ ...target, product_id: 'p2' }, 0.3);
  b.listen(target, Number.NaN);
  b.listen(target, -1);
  const v = { visitor_id: 'v', widget_type: 'desktop' as const, page_url: 'https://shop.example/mic' };
  const [first, ...more] = b.drain(v);
  expect(more).toEqual([]);
  expect(first).toMatchObject(v);
  expect(first.events).toEqual([
    { type: 'launch', instance_id: 'i' },
    { type: 'play', instance_id: 'i', product_id: 'p1', song_id: 's', source_id: 'src' },
    { type: 'listen', ...target, seconds: 3.3 },
  ]);
  // under half a second waits for the next batch, unless the page is going away
  expect(b.pending).toBe(1);
  expect(b.drain(v)).toEqual([]);
  expect(b.drain(v, true)[0].events).toEqual([{ type: 'listen', ...target, product_id: 'p2', seconds: 0.3 }]);
  expect(b.drain(v, true)).toEqual([]);

  for (let i = 0; i < 120; i++) b.add({ type: 'launch', instance_id: 'i' });
  b.listen(target, 4000);
  const batches = b.drain(v);
  expect(batches.map((x) => x.events.length)).toEqual([EVENTS_PER_REQUEST, EVENTS_PER_REQUEST, 22]);
  expect(batches[2].events.slice(-2).map((e) => e.seconds)).toEqual([3600, 400]);

  // the host page is kept as origin and path: never its query or fragment, nothing but http(s)
  expect(pageUrl('https://shop.example/mics/u87?utm=x&email=a@b.c#top')).toBe('https://shop.example/mics/u87');
  expect(pageUrl('file:///C:/page.html')).toBe('');
  expect(pageUrl('not a url')).toBe('');

  const id = uuidFromBytes(new Uint8Array(16).fill(255));
  expect(isUuid(id)).toBe(true);
  expect(id[14]).toBe('4');
});

test('peaks files decode to points and fold into waveform columns', () => {
  const bytes = Buffer.from([0, 255, 128, 64, 10, 20]);
  const peaks = readPeaks({ points_per_second: 2, encoding: 'u8-base64', data: bytes.toString('base64') });
  expect(peaks && [...peaks.values]).toEqual([0, 255, 128, 64, 10, 20]);
  if (!peaks) return;
  expect([...columnsOf(peaks, 3, 3)].map((v) => Math.round(v * 255))).toEqual([255, 128, 20]);
  // a longer timeline than the recording: the columns past its end are silent
  expect([...columnsOf(peaks, 4, 4)].map((v) => Math.round(v * 255))).toEqual([255, 128, 20, 0]);
  expect(readPeaks({ data: 'AA==' })).toBeNull();
  expect(readPeaks(null)).toBeNull();
});

test('tech specs become labelled rows of the non-empty fields, sections in the console order', () => {
  const sections = techSections({
    physical: { weight: '780 g', height: '', max_diameter: null },
    basic: { interface: ['XLR analog', 'USB digital'], type: 'ribbon', amplifier: [], ribbon_class: 'large' },
    amp_tra: { transformer: false, tube_type: null },
    data: { self_noise: '12 dB-A', custom_field: 42 },
  });
  expect(sections).toEqual([
    {
      key: 'basic',
      title: 'BASICS',
      rows: [
        { label: 'Interface', value: 'XLR analog, USB digital' },
        { label: 'Type', value: 'Ribbon' },
        { label: 'Ribbon class', value: 'Large' },
      ],
    },
    {
      key: 'data',
      title: 'DATA',
      rows: [
        { label: 'Self-noise', value: '12 dB-A' },
        { label: 'Custom field', value: '42' },
      ],
    },
    { key: 'physical', title: 'PHYSICAL', rows: [{ label: 'Weight', value: '780 g' }] },
  ]);
  expect(techValue(true)).toBe('Yes');
  expect(techSections(null)).toEqual([]);
});

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
