import { and, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { conflict } from '../platform/errors.ts';
import type { Db } from './client.ts';
import { deletedIs, type SoftDeletable } from './soft-delete.ts';

/**
 * The one rule for the names people choose (brands; categories; a brand's products): two live records of a kind, in
 * the same scope (a brand, for products), never share a name compared trimmed and case-insensitively ('Acme' and
 * ' ACME'). Writes of a kind's names (in a scope) take turns under an advisory lock, so two saves of one name at
 * once cannot both pass the check: call these inside the transaction that writes the name.
 */
type Named = SoftDeletable & { name: PgColumn };
interface Scope {
  column: PgColumn;
  id: string;
}

/** Takes the lock of a kind's names (in `scope`): taken before any row is locked, so no two paths deadlock. */
export const lockNames = (tx: Db, kind: string, scope?: Scope) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`atk:${kind}-names${scope ? `:${scope.id}` : ''}`}))`);

/** The name as stored of the live record (other than `except`, in `scope`) that already has `name`, or null. */
export async function sameNamed(
  tx: Db,
  table: Named,
  name: string,
  opts: { scope?: Scope; except?: string } = {},
): Promise<string | null> {
  const [taken] = await tx
    .select({ name: table.name })
    .from(table)
    .where(
      and(
        sql`lower(btrim(${table.name})) = lower(btrim(${name}))`,
        deletedIs(table),
        opts.scope ? sql`${opts.scope.column} = ${opts.scope.id}` : undefined,
        opts.except ? ne(table.id, opts.except) : undefined,
      ),
    )
    .limit(1);
  return (taken?.name as string | undefined) ?? null;
}

/** Locks the kind's names, then refuses `name` with 409 `taken` when another live record has it. */
export async function assertNameFree(
  tx: Db,
  table: Named,
  name: string,
  opts: { kind: string; taken: string; scope?: Scope; except?: string },
) {
  await lockNames(tx, opts.kind, opts.scope);
  if ((await sameNamed(tx, table, name, opts)) !== null) throw conflict(opts.taken);
}
