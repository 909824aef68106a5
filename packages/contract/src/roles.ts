export const ROLES = ['global_admin', 'super_admin', 'customer', 'atk'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** The console area each role may enter, and where it lands (docs/architecture.md "One console area per role"). */
export const AREA: Record<Role, { prefix: string; home: string }> = {
  global_admin: { prefix: '/global', home: '/global/brands' },
  super_admin: { prefix: '/super', home: '/super/brands' },
  customer: { prefix: '/client', home: '/client/products' },
  atk: { prefix: '/atk', home: '/atk/instances' },
};

/** Admin roles use the `/admin` variant of API paths (docs/api.md "Brand content"). */
export const isAdminRole = (role: Role): boolean => role === 'global_admin' || role === 'super_admin';
