/** The visitor's currency from the browser's languages, and the buy button's destination and the price it picks. */
import { expect, test } from 'vitest';
import { chooseDestination, choosePrice, currencyOf, formatPrice, regionOf } from '../src/shared/currency.ts';

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
