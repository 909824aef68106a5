import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';

const SVG_NS = 'http://www.w3.org/2000/svg';

let made: { purify: ReturnType<typeof createDOMPurify>; window: JSDOM['window'] } | null = null;

/** One DOMPurify over one jsdom window for the process (DOMPurify keeps no state between calls). */
function sanitizer() {
  if (!made) {
    const { window } = new JSDOM('');
    made = { purify: createDOMPurify(window as unknown as WindowLike), window };
  }
  return made;
}

/**
 * An uploaded SVG made harmless by DOMPurify's SVG profile (SVG and SVG filters; no script, no event handler,
 * no `<set>`/`<animate>`/`<use>`/`<foreignObject>`, no `javascript:` or other unsafe URL however it is encoded:
 * the values are checked after the parser has decoded entities), then written back as a standalone XML
 * document. Null when nothing of an `<svg>` is left.
 */
export function sanitizeSvg(input: Buffer): Buffer | null {
  const { purify, window } = sanitizer();
  const body = purify.sanitize(input.toString('utf8'), {
    USE_PROFILES: { svg: true, svgFilters: true },
    RETURN_DOM: true,
  });
  const children = (body as unknown as { children: ArrayLike<{ namespaceURI: string | null; localName: string }> })
    .children;
  const root = Array.from(children).find((el) => el.namespaceURI === SVG_NS && el.localName === 'svg');
  if (!root) return null;
  const xml = new window.XMLSerializer().serializeToString(root);
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`, 'utf8');
}
