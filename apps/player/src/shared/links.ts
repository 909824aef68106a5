/** Links from product content, made safe to put in an href. */

/** An http(s) address as it is; anything else (javascript:, data:…) is null. */
export function webLink(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A Spotify link to open in a browser: the URI form the console stores (spotify:track:ID, and the older
 * spotify:user:NAME:playlist:ID) becomes https://open.spotify.com/{type}/{id}; a web address stays as it is.
 */
export function spotifyLink(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  const uri = /^spotify:(?:user:[^:]+:)?([a-z]+):([A-Za-z0-9]+)$/.exec(v);
  if (uri) return `https://open.spotify.com/${uri[1]}/${uri[2]}`;
  return webLink(v);
}

/** A link of the API's answers made absolute against the API's address (the page may be on another origin). */
export function absoluteUrl(url: string, base: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}
