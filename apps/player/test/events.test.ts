/** The statistics' events as the player batches them, the page address it reports and the visitor id. */
import { expect, test } from 'vitest';
import { EVENTS_PER_REQUEST, EventBatcher, isUuid, pageUrl, uuidFromBytes } from '../src/shared/events.ts';

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
