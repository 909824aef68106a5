/** The `/admin` variant of a path for the admin roles. */
export const scoped = (admin: boolean, path: string): string => (admin ? `/admin${path}` : path);

/** A path segment (an id) as sent. */
export const enc = encodeURIComponent;
