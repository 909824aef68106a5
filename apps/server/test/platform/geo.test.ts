/**
 * Visitor places (docs/api.md "What the statistics store, and for how long"): the embedded DB-IP City Lite database,
 * and GEOIP_DB, a MaxMind-layout City database a deployment licenses, read with GeoIP2's field names.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geoipDb, loadConfig } from '../../src/config.ts';
import { NOWHERE, placeOf, useGeoDatabase } from '../../src/platform/geo.ts';
import { writeMmdb } from '../support/mmdb-writer.ts';

describe('the embedded DB-IP City Lite database', () => {
  it('places public IPv4 addresses with full English country names', async () => {
    expect(await placeOf('8.8.8.8')).toEqual({
      country_name: 'United States',
      state_prov: 'California',
      city: 'Mountain View',
    });
    expect(await placeOf('193.0.6.139')).toMatchObject({ country_name: 'Netherlands', state_prov: 'North Holland' });
    // behind a dual-stack listener the address arrives IPv4-mapped
    expect((await placeOf('::ffff:8.8.8.8')).country_name).toBe('United States');
  });

  it('places public IPv6 addresses from the IPv6 file', async () => {
    expect(await placeOf('2001:4860:4860::8888')).toEqual({
      country_name: 'Canada',
      state_prov: 'Quebec',
      city: 'Montreal',
    });
  });

  it('gives no place for private, loopback and reserved addresses', async () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '192.168.1.20', '::1', 'fd00::1', '::ffff:127.0.0.1'])
      expect(await placeOf(address), address).toEqual(NOWHERE);
  });

  it('gives no place for what is not an address', async () => {
    for (const address of [undefined, '', 'garbage', '999.1.1.1', '8.8.8', '::ffff:garbage', 'fe80::1%eth0'])
      expect(await placeOf(address), String(address)).toEqual(NOWHERE);
  });
});

describe('GEOIP_DB', () => {
  let dir: string;
  const country = { iso_code: 'GB', names: { en: 'United Kingdom', de: 'Vereinigtes Königreich' } };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'atk-geoip-'));
    const db = writeMmdb('GeoIP2-City', {
      '81.2.69.0/24': {
        country,
        subdivisions: [{ iso_code: 'ENG', names: { en: 'England' } }, { names: { en: 'Greater London' } }],
        city: { names: { en: 'Licensed Town' } },
      },
      // no country of residence known: the registered country stands in
      '2001:db8::/32': { registered_country: { names: { en: 'Japan' } } },
    });
    await writeFile(path.join(dir, 'City.mmdb'), db);
    await writeFile(path.join(dir, 'City.mmdb.gz'), gzipSync(db));
    await writeFile(path.join(dir, 'broken.mmdb'), 'not a database');
  });
  afterAll(async () => {
    useGeoDatabase(undefined);
    await rm(dir, { recursive: true, force: true });
  });

  it('is read with GeoIP2 field names, .mmdb or .mmdb.gz, IPv4 and IPv6 from one file', async () => {
    for (const name of ['City.mmdb', 'City.mmdb.gz']) {
      useGeoDatabase(path.join(dir, name));
      expect(await placeOf('81.2.69.142')).toEqual({
        country_name: 'United Kingdom',
        state_prov: 'England',
        city: 'Licensed Town',
      });
      expect(await placeOf('::ffff:81.2.69.1')).toMatchObject({ city: 'Licensed Town' });
      expect(await placeOf('2001:db8::1')).toEqual({ country_name: 'Japan', state_prov: '', city: '' });
      expect(await placeOf('193.0.6.139')).toEqual(NOWHERE); // not in this database: the embedded one is not asked
      expect(await placeOf('garbage')).toEqual(NOWHERE);
    }
  });

  it('a file that is no database is logged and gives no places; the embedded database is back when unset', async () => {
    useGeoDatabase(path.join(dir, 'broken.mmdb'));
    expect(await placeOf('81.2.69.142')).toEqual(NOWHERE);
    useGeoDatabase(undefined);
    expect((await placeOf('81.2.69.142')).country_name).toBe('United Kingdom');
  });

  it('a path that is not a .mmdb or .mmdb.gz file stops the start with a clear error', () => {
    expect(geoipDb(undefined)).toBeUndefined();
    expect(geoipDb('  ')).toBeUndefined();
    expect(geoipDb(path.join(dir, 'City.mmdb'))).toBe(path.join(dir, 'City.mmdb'));
    expect(() => loadConfig({ GEOIP_DB: path.join(dir, 'missing.mmdb') })).toThrow(
      `GEOIP_DB names no file: "${path.join(dir, 'missing.mmdb')}" does not exist or is not a file`,
    );
    expect(() => loadConfig({ GEOIP_DB: dir })).toThrow(
      `GEOIP_DB must be the path of a MaxMind City database (.mmdb or .mmdb.gz), not "${dir}"`,
    );
    expect(() => loadConfig({ GEOIP_DB: `${dir}.mmdb` })).toThrow('GEOIP_DB names no file');
  });
});
