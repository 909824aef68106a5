import type { Role } from '@atk/contract';
import { ADMINS } from './auth.ts';

/** Brand content is reached by customers (their master brand) and by admins (any brand). */
export const BRAND_USERS = ['customer', ...ADMINS] as const satisfies readonly Role[];

/**
 * The spec gives brand-content calls two paths: `/x` for the brand's own users and `/admin/x` for admins
 * (spec 3 §6). Routes loop over these; both variants run the same handler and the services' access rules
 * tell the roles apart.
 */
export const VARIANTS = [
  { prefix: '', auth: BRAND_USERS },
  { prefix: '/admin', auth: ADMINS },
] as const;
