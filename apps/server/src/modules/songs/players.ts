import type { InstanceSong } from '@atk/contract';
import { and, eq, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { jsonArrayHas } from '../../db/query.ts';
import { instances, mobileInstances } from '../../db/schema.ts';
import { deletedIs } from '../../db/soft-delete.ts';
import { byOrder } from '../instances/sources.ts';

/** What was deleted: a song, or one source of a song. */
export type Gone = { song: string } | { song: string; instrument: string };

/** `column` (a jsonb list of songs) holds the song, or the source within it. */
function lists(column: PgColumn, gone: Gone) {
  const shape = 'instrument' in gone ? { instruments: [{ instrument_id: gone.instrument }] } : { song_id: gone.song };
  return jsonArrayHas(column, shape);
}

/** The list without the song (or the source), orders renumbered 1..n as stored lists are. */
function withoutGone(list: readonly InstanceSong[], gone: Gone): InstanceSong[] {
  const kept = byOrder(list)
    .filter((s) => 'instrument' in gone || s.song_id !== gone.song)
    .map((s) => ({
      ...s,
      instruments: byOrder(s.instruments)
        .filter((i) => !('instrument' in gone) || i.instrument_id !== gone.instrument)
        .map((i, at) => ({ ...i, order: at + 1 })),
    }));
  return kept.map((s, at) => ({ ...s, order: at + 1 }));
}

/**
 * Takes a deleted song or source out of every player listing it (instances' sources and my_sources, mobile
 * instances' sources), in the delete's transaction, so no Sources tab keeps a record that is gone.
 */
export async function dropFromPlayers(tx: Db, gone: Gone) {
  const listing = await tx
    .select({ id: instances.id, sources: instances.sources, mySources: instances.mySources })
    .from(instances)
    .where(and(deletedIs(instances), or(lists(instances.sources, gone), lists(instances.mySources, gone))))
    .for('update');
  for (const row of listing) {
    await tx
      .update(instances)
      .set({ sources: withoutGone(row.sources, gone), mySources: withoutGone(row.mySources, gone) })
      .where(eq(instances.id, row.id));
  }
  const mobile = await tx
    .select({ id: mobileInstances.id, sources: mobileInstances.sources })
    .from(mobileInstances)
    .where(and(deletedIs(mobileInstances), lists(mobileInstances.sources, gone)))
    .for('update');
  for (const row of mobile) {
    await tx
      .update(mobileInstances)
      .set({ sources: withoutGone(row.sources, gone) })
      .where(eq(mobileInstances.id, row.id));
  }
}
