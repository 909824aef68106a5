/**
 * What both loaders (`atk-player.js`, `atk-mobile.js`) do before their element exists: find the origin they were
 * served from (the API is there; a brand's page is another origin) and import their app chunk from the same
 * directory, once. Each loader is its own bundle: this module is inlined in both.
 */

/** The URL of the running loader script, `file` naming it when `document.currentScript` is gone (a module, a late call). */
export function loaderUrl(file: string): string {
  return (
    (document.currentScript as HTMLScriptElement | null)?.src ||
    document.querySelector<HTMLScriptElement>(`script[src*="${file}"]`)?.src ||
    location.href
  );
}

/**
 * The app chunk `file` beside the loader at `base`, imported once; `version` (the chunk's content hash) makes a new
 * build a new URL past every cache. A failed import is tried again, under a new URL, on the next call.
 */
export function chunkImporter<T>(file: string, version: string, base: string): () => Promise<T> {
  let pending: Promise<T> | null = null;
  let attempt = 0;
  return () => {
    if (!pending) {
      const url = new URL(`${file}?v=${version}${attempt ? `&r=${attempt}` : ''}`, base).href;
      attempt++;
      pending = import(url) as Promise<T>;
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  };
}
