import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the console's editor, reduced to what the editor can make (design.md):
 * h3, p, strong, em, u, a[href http/https/mailto], line breaks. Everything else is dropped.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['h3', 'p', 'strong', 'em', 'u', 'a', 'br'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      b: 'strong',
      i: 'em',
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
    },
  });
}
