/** The `/admin` variant of a path for the admin roles (spec 1 §6, spec 3 §7). */
export const scoped = (admin: boolean, path: string): string => (admin ? `/admin${path}` : path);

/** A path segment (an id) as sent. */
export const enc = encodeURIComponent;
