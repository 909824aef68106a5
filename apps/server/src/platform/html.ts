import { MSG } from '@atk/contract';
import type { List, Nodes, PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from './errors.ts';

/**
 * The one allow-list of rich text (what the console's editor makes: heading level 3, paragraph, bold, italic,
 * underline, link; docs/api.md "Rich text"), for every rich text the product stores: the client guide, the info
 * pages, a product's listening guide. Whatever else arrives is dropped: other tags (their text kept, except
 * script/style whose content goes too), every attribute but a link's address, and addresses that are not http,
 * https or mailto (javascript:, data:, vbscript:, protocol-relative). Links open in a new tab that cannot reach back
 * (`rel="noopener noreferrer"`).
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

/**
 * Rich text as a save stores it: sanitised, then held to the same `max` as what was sent. Cleaning can make a text
 * longer than it arrived (30,000 `&` become `&amp;`, an unclosed tag gets its closing one, a link its target and
 * rel); stored, such a text passed no limit at all and broke the answers carrying it (docs/api.md "Rich text").
 * `field` names the request field in the 400.
 */
export function cleanRichText(html: string, field: string, max: number): string {
  const clean = sanitizeRichText(html);
  if (clean.length > max) throw badRequest(`${field} must be at most ${max} ${MSG.richTextCleanedLimit}`);
  return clean;
}

/** Text put into HTML (a mail's, a cleaned rich text's) as text. */
export const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * Markdown as the console rendered it before rich text (CommonMark, raw HTML shown as text), in the allow-list's
 * terms, so no word of a guide written then is lost: every heading becomes a level-3 heading, list items become
 * paragraphs starting with their bullet ('•', '◦' when nested) or number, code becomes plain text (blocks keep their
 * lines), images their alt text, raw HTML its text. The result goes through `sanitizeRichText`.
 */
export function markdownToRichText(markdown: string): string {
  const blocks: string[] = [];
  const inline = (nodes: PhrasingContent[]): string => nodes.map(phrasing).join('');
  const phrasing = (node: PhrasingContent): string => {
    switch (node.type) {
      case 'text':
        return escapeHtml(node.value);
      case 'strong':
        return `<strong>${inline(node.children)}</strong>`;
      case 'emphasis':
        return `<em>${inline(node.children)}</em>`;
      case 'link':
        return `<a href="${escapeHtml(node.url)}">${inline(node.children)}</a>`;
      case 'inlineCode':
      case 'html':
        return escapeHtml(node.value);
      case 'image':
      case 'imageReference':
        return escapeHtml(node.alt ?? '');
      case 'break':
        return '<br>';
      default:
        return 'children' in node ? inline(node.children as PhrasingContent[]) : '';
    }
  };
  const list = (node: List, depth: number) => {
    node.children.forEach((item, i) => {
      const mark = node.ordered ? `${(node.start ?? 1) + i}. ` : depth === 0 ? '• ' : '◦ ';
      let marked = false;
      for (const child of item.children) {
        if (child.type === 'paragraph' && !marked) {
          blocks.push(`<p>${escapeHtml(mark)}${inline(child.children)}</p>`);
          marked = true;
        } else if (child.type === 'list') {
          if (!marked) blocks.push(`<p>${escapeHtml(mark.trim())}</p>`);
          marked = true;
          list(child, depth + 1);
        } else block(child, depth + 1);
      }
    });
  };
  const block = (node: RootContent | Nodes, depth = 0): void => {
    switch (node.type) {
      case 'root':
      case 'blockquote':
        for (const child of node.children) block(child, depth);
        return;
      case 'heading':
        blocks.push(`<h3>${inline(node.children)}</h3>`);
        return;
      case 'paragraph':
        blocks.push(`<p>${inline(node.children)}</p>`);
        return;
      case 'list':
        list(node, depth);
        return;
      case 'code':
      case 'html':
        blocks.push(`<p>${node.value.split('\n').map(escapeHtml).join('<br>')}</p>`);
        return;
      case 'thematicBreak':
      case 'definition':
        return;
      default:
        if ('children' in node) blocks.push(`<p>${inline(node.children as PhrasingContent[])}</p>`);
    }
  };
  block(fromMarkdown(markdown));
  return sanitizeRichText(blocks.join('\n'));
}
