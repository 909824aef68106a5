import type { Endpoint } from '../endpoint.ts';
import { brandEndpoints } from './brands.ts';
import { catalogueEndpoints } from './catalogue.ts';
import { instanceEndpoints } from './instances.ts';
import { invitationEndpoints } from './invitations.ts';
import { mobileEndpoints } from './mobile.ts';
import { planEndpoints } from './plans.ts';
import { playerEndpoints } from './player.ts';
import { productEndpoints } from './products.ts';
import { retailerEndpoints } from './retailers.ts';
import { roleEndpoints } from './roles.ts';
import { settingEndpoints } from './settings.ts';
import { songEndpoints } from './songs.ts';
import { statisticsEndpoints } from './statistics.ts';
import { tooltipEndpoints } from './tooltips.ts';
import { uploadEndpoints } from './uploads.ts';
import { adminUserEndpoints, userEndpoints } from './users.ts';

export {
  adminUserEndpoints,
  brandEndpoints,
  catalogueEndpoints,
  instanceEndpoints,
  invitationEndpoints,
  mobileEndpoints,
  planEndpoints,
  playerEndpoints,
  productEndpoints,
  retailerEndpoints,
  roleEndpoints,
  settingEndpoints,
  songEndpoints,
  statisticsEndpoints,
  tooltipEndpoints,
  uploadEndpoints,
  userEndpoints,
};

type Table = Record<string, Endpoint | { own: Endpoint; admin: Endpoint }>;

/** Every endpoint the contract declares, by resource. */
export const ENDPOINTS: Record<string, Table> = {
  brands: brandEndpoints,
  catalogue: catalogueEndpoints,
  songs: songEndpoints,
  roles: roleEndpoints,
  plans: planEndpoints,
  tooltips: tooltipEndpoints,
  invitations: invitationEndpoints,
  retailers: retailerEndpoints,
  statistics: statisticsEndpoints,
  users: userEndpoints,
  adminUsers: adminUserEndpoints,
  instances: instanceEndpoints,
  mobile: mobileEndpoints,
  player: playerEndpoints,
  settings: settingEndpoints,
  products: productEndpoints,
  uploads: uploadEndpoints,
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
