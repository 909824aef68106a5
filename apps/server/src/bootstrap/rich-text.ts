/**
 * Issue 12: the client guide was markdown and is rich text (HTML) now, like every rich text of the product. A
 * guide an operator saved before is converted once per database, at start: the `guide_html` claim in app_meta and
 * the conversion are one transaction, so concurrent starts convert it once, and a guide saved as HTML afterwards
 * is never read as markdown again. (A data migration in TypeScript: SQL cannot parse markdown.)
 */
import { GUIDE_TABS } from '@atk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appMeta, settings } from '../db/schema.ts';
import { markdownToRichText } from '../platform/html.ts';

export const GUIDE_HTML_KEY = 'guide_html';

/** Converts a stored markdown guide to rich text; true when one was converted. */
export async function convertMarkdownGuide(db: Db): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const claimed = await tx
      .insert(appMeta)
      .values({ key: GUIDE_HTML_KEY, value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [row] = await tx.select().from(settings).where(eq(settings.type, 'guide')).for('update');
    if (!row) return false;
    const stored = (row.content ?? {}) as Record<string, unknown>;
    const content = Object.fromEntries(
      GUIDE_TABS.map((tab) => {
        const text = stored[tab];
        return [tab, typeof text === 'string' ? markdownToRichText(text) : ''];
      }),
    );
    await tx.update(settings).set({ content, updatedAt: new Date() }).where(eq(settings.type, 'guide'));
    return true;
  });
}
