import type { Endpoint } from '../endpoint.ts';
import { brandEndpoints } from './brands.ts';
import { invitationEndpoints } from './invitations.ts';
import { planEndpoints } from './plans.ts';
import { retailerEndpoints } from './retailers.ts';
import { roleEndpoints } from './roles.ts';
import { tooltipEndpoints } from './tooltips.ts';

export { brandEndpoints, invitationEndpoints, planEndpoints, retailerEndpoints, roleEndpoints, tooltipEndpoints };

/** Every endpoint the contract declares, by resource (the OpenAPI test walks them all). */
export const ENDPOINTS: Record<string, Record<string, Endpoint>> = {
  brands: brandEndpoints,
  roles: roleEndpoints,
  plans: planEndpoints,
  tooltips: tooltipEndpoints,
  invitations: invitationEndpoints,
  retailers: retailerEndpoints,
};
