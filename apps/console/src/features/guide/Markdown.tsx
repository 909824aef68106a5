import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

/** Links of the guide leave the console: a new tab, without giving it this window. */
const components: Components = {
  a: ({ node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) => (
    <a {...props} target="_blank" rel="noopener noreferrer" />
  ),
};

/**
 * Markdown written by operators. Raw HTML is never rendered (react-markdown shows it as text without
 * rehype-raw, and its default URL filter drops javascript: links); keep it that way.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown components={components}>{text}</ReactMarkdown>
    </div>
  );
}
