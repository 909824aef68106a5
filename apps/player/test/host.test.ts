/** The host page's side: the visitor id's age, the dataLayer entries, the UTM tags on buy links. */
import { utmCampaign, withUtm } from '@atk/contract/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { readKeptVisitor, visitorIdExpiry } from '../src/shared/events.ts';
import { pushToDataLayer } from '../src/shared/host-events.ts';

const ID = '3f2c8a4e-1b7d-4c9a-9e2f-5d6b7a8c9d0e';
const DAY = 24 * 3600 * 1000;

describe('the kept visitor id', () => {
  const now = Date.UTC(2026, 11, 7);
  it('is kept with its date, and replaced 13 months after it was made', () => {
    const made = Date.UTC(2025, 10, 7);
    expect(visitorIdExpiry(made)).toBe(Date.UTC(2026, 11, 7));
    const fresh = JSON.stringify({ id: ID, created: made + DAY });
    expect(readKeptVisitor(fresh, now)).toEqual({ kept: { id: ID, created: made + DAY }, stamp: false });
    expect(readKeptVisitor(JSON.stringify({ id: ID, created: made }), now)).toBeNull();
  });
  it("takes an older player's bare id, dated from now", () => {
    expect(readKeptVisitor(ID, now)).toEqual({ kept: { id: ID, created: now }, stamp: true });
  });
  it('refuses what is not one: nothing, a bad id, a date to come, text', () => {
    for (const raw of [null, '', 'x', '{"id":"x","created":1}', JSON.stringify({ id: ID, created: now + DAY }), '{'])
      expect(readKeptVisitor(raw, now)).toBeNull();
  });
});

describe('pushToDataLayer', () => {
  const w = globalThis as unknown as { window?: unknown; dataLayer?: unknown[] };
  afterEach(() => {
    delete w.window;
    delete w.dataLayer;
  });
  it('pushes each event under atk_<name>, its fields prefixed atk_ in snake case, lists as the ids they name', () => {
    w.window = globalThis;
    pushToDataLayer('ready', { instance: 'i', name: 'Vocal mics', products: [{ id: 'a' }, { id: 'b' }] });
    pushToDataLayer('song-change', { instance: 'i', song: 's', source: null });
    pushToDataLayer('switch', { instance: 'i', from: 'a', to: 'b', position: 3.5, blind: true });
    expect(w.dataLayer).toEqual([
      { event: 'atk_ready', atk_instance: 'i', atk_name: 'Vocal mics', atk_products: 'a,b' },
      { event: 'atk_song_change', atk_instance: 'i', atk_song: 's', atk_source: null },
      { event: 'atk_switch', atk_instance: 'i', atk_from: 'a', atk_to: 'b', atk_position: 3.5, atk_blind: true },
    ]);
  });
  it("keeps the page's own entries and pushes a buy click as GA4's begin_checkout after clearing ecommerce", () => {
    w.window = globalThis;
    w.dataLayer = [{ event: 'gtm.js' }];
    pushToDataLayer('buy-click', {
      instance: 'i',
      product: 'p',
      productName: 'Velour R2',
      brand: 'Demo Audio',
      link: 'currency',
      retailer: null,
      retailerName: null,
      url: 'https://shop.example.com/eu',
      price: 1299,
      currency: 'EUR',
    });
    expect(w.dataLayer[0]).toEqual({ event: 'gtm.js' });
    expect(w.dataLayer[1]).toEqual({ ecommerce: null });
    expect(w.dataLayer[2]).toMatchObject({
      event: 'begin_checkout',
      atk_product: 'p',
      atk_product_name: 'Velour R2',
      atk_link: 'currency',
      ecommerce: {
        currency: 'EUR',
        value: 1299,
        items: [
          {
            item_id: 'p',
            item_name: 'Velour R2',
            item_brand: 'Demo Audio',
            affiliation: 'buy button',
            price: 1299,
            quantity: 1,
          },
        ],
      },
    });
  });
});

describe('UTM tags on buy links', () => {
  it("slugs the instance's name", () => {
    expect(utmCampaign('Studio Vocals — EU')).toBe('studio-vocals-eu');
    expect(utmCampaign('Écoute: Les Micros!')).toBe('ecoute-les-micros');
    expect(utmCampaign('—')).toBe('player');
  });
  it("adds the three tags, keeping the link's own query, fragment and tags", () => {
    expect(withUtm('https://shop.example.com/mic?ref=7#buy', 'EU Player')).toBe(
      'https://shop.example.com/mic?ref=7&utm_source=atk-player&utm_medium=referral&utm_campaign=eu-player#buy',
    );
    expect(withUtm('https://shop.example.com/?utm_source=news', 'X')).toBe(
      'https://shop.example.com/?utm_source=news&utm_medium=referral&utm_campaign=x',
    );
    expect(withUtm('mailto:sales@example.com', 'X')).toBe('mailto:sales@example.com');
    expect(withUtm('not a link', 'X')).toBe('not a link');
  });
});
