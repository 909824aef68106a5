import { eq, sql } from 'drizzle-orm';
import { changeFeed, Remembered } from '../../db/changes.ts';
import { type Db, perDatabase } from '../../db/client.ts';
import { listVersions } from '../../db/schema.ts';
import { Lru } from '../../platform/lru.ts';

/** The list scope of a query: one brand's products, or '*' for lists across brands. */
export type ListScope = string;

const versionLookup = perDatabase((db) =>
  db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(eq(listVersions.scope, sql.placeholder('scope')))
    .prepare('list_version'),
);

const rememberedVersions = perDatabase(
  (db) => new Remembered<number>(changeFeed(db), (change, scope) => 'list' in change && change.list === scope),
);

/**
 * The current version of a scope; database triggers bump it on every change that a list could show, and
 * announce it on the change feed, so a version is read from the database only after it moved.
 */
export async function listVersion(db: Db, scope: ListScope): Promise<number> {
  const version = await rememberedVersions(db).get(scope, async () => {
    const [row] = await versionLookup(db).execute({ scope });
    return row?.version ?? 0;
  });
  return version ?? 0;
}

/**
 * Answers remembered per key together with the scope version they were read under. An entry is served only
 * while that version is still current, so a change made by any server process is seen by the next request:
 * the version is read before the data, and an answer read under an older version is never served again.
 * Bounded by the sum of the entries' weights (1 each unless `weigh` says otherwise): the least recently used go first.
 */
export class VersionedCache<T> {
  private readonly entries: Lru<{ version: number; value: T }>;

  constructor(capacity = 5000, weigh: (value: T) => number = () => 1) {
    this.entries = new Lru(capacity, (entry) => weigh(entry.value));
  }

  get(key: string, version: number): T | undefined {
    const entry = this.entries.get(key);
    return entry?.version === version ? entry.value : undefined;
  }

  set(key: string, version: number, value: T): void {
    this.entries.set(key, { version, value });
  }
}
