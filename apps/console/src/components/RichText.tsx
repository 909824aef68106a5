/**
 * Rich text an operator wrote (the client guide), shown as formatted text. The server stores only what its one
 * allow-list keeps (h3, p, strong, em, u, br, and http/https/mailto links opening in a new tab with
 * rel="noopener noreferrer"; apps/server/src/platform/html.ts), so the HTML is rendered as it is: no script,
 * event handler or style can reach it.
 */
export function RichText({ html, testId }: { html: string; testId?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list when saved
  return <div className="rich-text" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
