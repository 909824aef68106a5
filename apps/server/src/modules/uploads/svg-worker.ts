/**
 * The SVG sanitiser, run in a worker thread (svg.ts starts it, with a time and a memory cap): DOMPurify over jsdom takes seconds and gigabytes on a large drawing, which on the main thread
 * stalled every other request (docs/api.md "Stored content never breaks a read").
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';

const SVG_NS = 'http://www.w3.org/2000/svg';
const ANIMATION = ['animate', 'animateColor', 'animateMotion', 'animateTransform', 'set', 'discard', 'mpath'];

/** CSS as a browser reads it: comments gone, escapes (`\69 mport`, `\i`) decoded, so a rule cannot hide. */
function decodeCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?/gi, (_, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    })
    .replace(/\\([\s\S])/g, '$1');
}

/** Style that loads nothing: `@import` rules dropped, every `url()` but a reference inside the drawing (`#id`) too. */
export function inertCss(css: string): string {
  return decodeCss(css)
    .replace(/@import\b[^;]*(;|$)/gi, '')
    .replace(/url\(\s*(?!['"]?#)[^)]*\)?/gi, 'none');
}

/**
 * An uploaded SVG made harmless by DOMPurify's SVG profile (SVG and SVG filters; no script, no event handler,
 * no `<use>`/`<foreignObject>`, no animation element (`<set>`, `<animate…>`), no `javascript:` or other unsafe URL however it is encoded:
 * the values are checked after the parser has decoded entities) and style that loads nothing (`inertCss`), then
 * written back as a standalone XML document. Null when nothing of an `<svg>` is left.
 */
export function sanitizeSvgText(input: string): string | null {
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as WindowLike);
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) node.textContent = inertCss(node.textContent);
  });
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' || /url\(|\\/i.test(data.attrValue)) data.attrValue = inertCss(data.attrValue);
  });
  const body = purify.sanitize(input, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // A graph does not move: no animation element is kept, so none can set a link or a handler.
    FORBID_TAGS: ANIMATION,
    RETURN_DOM: true,
  });
  const children = (body as unknown as { children: ArrayLike<{ namespaceURI: string | null; localName: string }> })
    .children;
  const root = Array.from(children).find((el) => el.namespaceURI === SVG_NS && el.localName === 'svg');
  if (!root) return null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(root as never)}\n`;
}

// Started by svg.ts: says it is ready (its imports loaded), then answers each drawing it is sent, in turn.
const port = parentPort;
if (port && workerData?.svgSanitiser) {
  // The lowest CPU priority, for this thread only (Linux priorities are per thread): on a busy machine the
  // requests of the event loop go first and the drawing takes longer.
  try {
    setPriority(19);
  } catch {}
  port.on('message', (svg: string) => port.postMessage({ clean: sanitizeSvgText(svg) }));
  port.postMessage({ ready: true });
}
