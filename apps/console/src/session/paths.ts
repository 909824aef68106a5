import { AREA, type Role } from '@atk/contract';

export type AreaName = 'client' | 'global' | 'super' | 'atk';

const PROTECTED_PREFIXES = Object.values(AREA).map((a) => a.prefix);

/** True under /client, /global, /super and /atk (the guarded areas). */
export const isProtectedPath = (pathname: string): boolean =>
  PROTECTED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

export const areaOfRole = (role: Role): AreaName => AREA[role].prefix.slice(1) as AreaName;

/** /login with the place to come back to (docs/api.md "Console decisions where the spec is silent"). */
export const loginPath = (redirect?: string): string =>
  redirect && redirect !== '/' ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';

/** Only same-site absolute paths are followed after login (no open redirect to another origin). */
export function safeRedirect(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
