import type { DOMPurify, WindowLike } from 'dompurify';
import type { JSDOM } from 'jsdom';

const SVG_NS = 'http://www.w3.org/2000/svg';

let made: Promise<{ purify: DOMPurify; window: JSDOM['window'] }> | null = null;

/**
 * One DOMPurify over one jsdom window for the process (DOMPurify keeps no state between calls), loaded at the
 * first SVG: jsdom takes about 0.3 s to import, which every start would pay for a rare upload.
 */
function sanitizer() {
  made ??= Promise.all([import('dompurify'), import('jsdom')]).then(([{ default: createDOMPurify }, { JSDOM }]) => {
    const { window } = new JSDOM('');
    return { purify: createDOMPurify(window as unknown as WindowLike), window };
  });
  return made;
}

/**
 * An uploaded SVG made harmless by DOMPurify's SVG profile (SVG and SVG filters; no script, no event handler,
 * no `<set>`/`<animate>`/`<use>`/`<foreignObject>`, no `javascript:` or other unsafe URL however it is encoded:
 * the values are checked after the parser has decoded entities), then written back as a standalone XML
 * document. Null when nothing of an `<svg>` is left.
 */
export async function sanitizeSvg(input: Buffer): Promise<Buffer | null> {
  const { purify, window } = await sanitizer();
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
