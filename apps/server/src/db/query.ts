import { type AnyColumn, count, ilike, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** The paging every list query takes (`page_num` from 1). */
export interface Page {
  page_num: number;
  page_size: number;
}

export const pageOffset = (q: Page) => (q.page_num - 1) * q.page_size;

/** `%` and `_` in a user's search are literal characters, not wildcards. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A case-insensitive "contains" search. */
export const contains = (column: AnyColumn, term: string) => ilike(column, likePattern(term));

/** The same search written `lower(column) LIKE …`, the form the trigram indexes on lower(name) serve. */
export const lowerContains = (column: AnyColumn, term: string) =>
  sql`lower(${column}) like ${likePattern(term.toLowerCase())}`;

/** `column` (a jsonb array) holds an element containing `shape` (GIN-indexable containment). */
export const jsonArrayHas = (column: AnyColumn, shape: unknown) => sql`${column} @> ${JSON.stringify([shape])}::jsonb`;

/**
 * One page of a list with the count of the whole list, read together: `rows` is the ordered query (already
 * filtered by `where`), counted over `from` with the same `where`.
 */
export async function listPage<Q extends PgSelect, Item>(
  db: Db,
  q: Page,
  rows: Q,
  count_: { from: PgTable; where?: SQL },
  present: (row: Awaited<Q>[number]) => Item,
): Promise<{ list: Item[]; total_num: number }> {
  const [found, [{ total }]] = await Promise.all([
    rows.limit(q.page_size).offset(pageOffset(q)) as unknown as Promise<Awaited<Q>>,
    db.select({ total: count() }).from(count_.from).where(count_.where),
  ]);
  return { list: found.map(present), total_num: Number(total) };
}
