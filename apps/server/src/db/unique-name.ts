import { and, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { conflict } from '../platform/errors.ts';
import type { Db } from './client.ts';
import { deletedIs, type SoftDeletable } from './soft-delete.ts';

/**
 * The one rule for the names people choose (brands; categories; a brand's products): two live records of a kind, in
 * the same `scope` (a brand's products), never share a name compared trimmed and case-insensitively ('Acme' and
 * ' ACME'), else 409 `taken`. An advisory lock on the kind (and scope) makes such writes take turns, so two saves of
 * one name at once cannot both pass the check. Call it inside the transaction that writes the name.
 */
export async function assertNameFree(
  tx: Db,
  table: SoftDeletable & { name: PgColumn },
  name: string,
  opts: { kind: string; taken: string; scope?: { column: PgColumn; id: string }; except?: string },
) {
  const lock = opts.scope ? `atk:${opts.kind}-names:${opts.scope.id}` : `atk:${opts.kind}-names`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lock}))`);
  const inScope: SQL | undefined = opts.scope ? sql`${opts.scope.column} = ${opts.scope.id}` : undefined;
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        sql`lower(btrim(${table.name})) = lower(btrim(${name}))`,
        deletedIs(table),
        inScope,
        opts.except ? ne(table.id, opts.except) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(opts.taken);
}
