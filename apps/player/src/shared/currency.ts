/**
 * The visitor's currency, from the region of the browser's language (en-GB → GBP, de-DE → EUR), and what it
 * picks: the buy button's destination and the price shown. Pure: no DOM, so it can be tested anywhere.
 */

/** Currencies named after their region (ISO 4217: the region's code and a letter), the common ones. */
const OWN =
  'USD GBP CAD AUD NZD JPY CNY HKD TWD KRW SGD INR IDR MYR THB PHP VND CHF SEK NOK DKK ISK PLN CZK HUF RON BGN RSD UAH TRY ILS AED SAR QAR ZAR NGN EGP KES MAD BRL MXN ARS CLP COP PEN UYU';
/** Currencies of other regions too: each currency's regions. */
const SHARED: Readonly<Record<string, string>> = {
  EUR: 'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK',
  USD: 'PR EC SV PA',
  GBP: 'IM JE GG',
  CHF: 'LI',
};

/** ISO 3166 region → ISO 4217 currency (the common ones; anything else falls back to the default destination). */
export const REGION_CURRENCY: Readonly<Record<string, string>> = Object.fromEntries([
  ...OWN.split(' ').map((c) => [c.slice(0, 2), c]),
  ...Object.entries(SHARED).flatMap(([c, regions]) => regions.split(' ').map((r) => [r, c])),
]);

/** The region of a BCP 47 language tag ('en-GB' → 'GB', 'es-419' → null, 'de' → its likely region when known). */
export function regionOf(tag: string | null | undefined): string | null {
  if (!tag) return null;
  const explicit = tag
    .split(/[-_]/)
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$/.test(part));
  if (explicit) return explicit.toUpperCase();
  try {
    const Locale = (Intl as { Locale?: new (t: string) => { maximize(): { region?: string } } }).Locale;
    const region = Locale ? new Locale(tag).maximize().region : undefined;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    return null;
  }
}

/** The visitor's currency: the first language (navigator.language, then navigator.languages) with a known region. */
export function currencyOf(languages: readonly (string | null | undefined)[]): string | null {
  for (const tag of languages) {
    const region = regionOf(tag);
    if (region && REGION_CURRENCY[region]) return REGION_CURRENCY[region];
  }
  return null;
}

export interface Destination {
  currency: string;
  symbol: string;
  url: string;
}

const sameCurrency = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toUpperCase() === b.trim().toUpperCase();
const isWebAddress = (url: string | null | undefined): url is string => !!url && /^https?:\/\/\S+$/i.test(url.trim());

/**
 * The buy button's destination: the extra destination in the visitor's currency, else the default; null when
 * the chosen one has no web address.
 */
export function chooseDestination(
  buttons: { default?: Destination | null; list?: Destination[] | null } | null | undefined,
  currency: string | null,
): Destination | null {
  const match = (buttons?.list ?? []).find((d) => sameCurrency(d.currency, currency) && isWebAddress(d.url));
  if (match) return match;
  const fallback = buttons?.default;
  return fallback && isWebAddress(fallback.url) ? fallback : null;
}

export interface PriceEntry {
  currency: string;
  price: number;
  symbol: string;
}

/** The product's price in the visitor's currency if it has one, else its default price. */
export function choosePrice(
  price: { default?: PriceEntry | null; list?: PriceEntry[] | null } | null | undefined,
  currency: string | null,
): PriceEntry | null {
  if (!price) return null;
  const all = [...(price.default ? [price.default] : []), ...(price.list ?? [])];
  return all.find((p) => sameCurrency(p.currency, currency)) ?? price.default ?? null;
}

/** '€1,299' / '$249.50': the symbol (or the code when there is none) and the amount in the visitor's format. */
export function formatPrice(entry: PriceEntry, locale?: string): string {
  const whole = Number.isInteger(entry.price);
  let amount: string;
  try {
    amount = entry.price.toLocaleString(locale, {
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
  } catch {
    amount = String(entry.price);
  }
  return entry.symbol ? `${entry.symbol}${amount}` : `${amount} ${entry.currency}`;
}
