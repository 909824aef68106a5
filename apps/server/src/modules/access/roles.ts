import { BRAND_USERS, isAdminRole, type Role } from '@atk/contract';

/**
 * What each role is, for the rules that tell them apart once a route has admitted them (docs/api.md "Who may call
 * and see what"): handlers and services ask these, never `user.role` itself. Which roles may call an endpoint at all
 * is its `auth` in the contract, which the auth hook enforces (http/auth.ts).
 *
 * The roles: the two admins (global_admin, super_admin) run the platform and reach every brand; a customer acts on
 * its master brand only; the atk operator runs the mobile widget and has no brand of its own.
 */
interface HasRole {
  role: Role;
}

/** A global or super admin: reaches every brand's content, and names the brand a new record goes to. */
export const isAdmin = (user: HasRole): boolean => isAdminRole(user.role);

/** A brand's customer: its own master brand's content only, and what the brand's plan allows. */
export const isCustomer = (user: HasRole): boolean => user.role === 'customer';

/** The atk operator: the mobile widget (its instances, retailers, settings) and the platform's statistics. */
export const isAtkOperator = (user: HasRole): boolean => user.role === 'atk';

/** The users of brand content, its editors: a brand's customers and the admins (`BRAND_USERS`). */
export const isBrandUser = (user: HasRole): boolean => (BRAND_USERS as readonly Role[]).includes(user.role);

/**
 * Brand lists and pickers show this user only active brands (published, not deleted), and a brand not confirmed
 * yet is a 404 to it (docs/api.md "A brand's state and scope": nothing of a pending brand is shared): the atk
 * operator, who has no brand administration.
 */
export const seesOnlyActiveBrands = (user: HasRole): boolean => isAtkOperator(user);

/**
 * The atk operator's instances are the mobile ones (docs/api.md "Mobile instances"): its Duplicate copies a mobile
 * instance, every other user's a desktop one.
 */
export const worksOnMobileInstances = (user: HasRole): boolean => isAtkOperator(user);

/**
 * The platform's (ATK) songs are the admins': only they make one, change one or its sources, and choose the ones a
 * product offers (docs/api.md "A product's ATK songs"); everyone else only reads them.
 */
export const managesPlatformSongs = (user: HasRole): boolean => isAdmin(user);

/** Only admins move a product to another brand; a customer's products stay in its brand. */
export const movesProductsBetweenBrands = (user: HasRole): boolean => isAdmin(user);

/**
 * Product images under a key the caller names (POST /admin/aws/presigned) are the admins' (retailer logos there
 * are also the atk operator's, whose Retailers screen uploads them).
 */
export const presignsProductImages = (user: HasRole): boolean => isAdmin(user);
