import type { Endpoint } from '../endpoint.ts';
import { brandEndpoints } from './brands.ts';
import { catalogueEndpoints } from './catalogue.ts';
import { songEndpoints } from './songs.ts';

export { brandEndpoints, catalogueEndpoints, songEndpoints };

type Table = Record<string, Endpoint | { own: Endpoint; admin: Endpoint }>;

/** Every endpoint the contract declares, by resource. */
export const ENDPOINTS: Record<string, Table> = {
  brands: brandEndpoints,
  catalogue: catalogueEndpoints,
  songs: songEndpoints,
};

/** Each endpoint with a name (`catalogue.categories.admin`): the two paths of a brand-content endpoint apart. */
export function endpointList(): { name: string; endpoint: Endpoint }[] {
  return Object.entries(ENDPOINTS).flatMap(([resource, table]) =>
    Object.entries(table).flatMap(([name, e]) =>
      'own' in e
        ? [
            { name: `${resource}.${name}.own`, endpoint: e.own },
            { name: `${resource}.${name}.admin`, endpoint: e.admin },
          ]
        : [{ name: `${resource}.${name}`, endpoint: e }],
    ),
  );
}
