import { createHash } from 'node:crypto';
import { type Change, changeFeed, Remembered } from '../../db/changes.ts';
import { type Db, perDatabase } from '../../db/client.ts';
import { readPlayerInstanceWithDependencies } from './service.ts';

/** One instance's public read, made once: the bytes sent, their strong ETag, and what it was read from. */
export interface PlayerAnswer {
  body: Buffer;
  etag: string;
  preparing: boolean;
  dependencies: Set<string>;
}

/** Remembered answers are bounded by their size: about 64 MB of answers per process. */
const CAPACITY_BYTES = 64 * 1024 * 1024;

/** Whether a `player:…` announcement (`*`, or `<kind>:<id>,<id>…`) touches an answer. */
export function touches(change: Exclude<Change, 'all'>, dependencies: Set<string>): boolean {
  if (!('player' in change)) return false;
  if (change.player === '*') return true;
  const [kind, ids = ''] = change.player.split(':');
  return ids.split(',').some((id) => dependencies.has(`${kind}:${id}`));
}

/**
 * Published instances' answers remembered per process while the change feed vouches for them, dropped when a row
 * they show changes (whoever changes it: this process, another one, or SQL). An answer whose audio is still being
 * processed is not remembered: its recordings are announced as they become ready, but it is `no-cache` anyway and
 * visitors' players read it again within seconds. Unknown and unpublished instances (404) are not remembered.
 */
const remembered = perDatabase(
  (db) =>
    new Remembered<PlayerAnswer>(
      changeFeed(db),
      (change, _id, answer) => touches(change, answer.dependencies),
      CAPACITY_BYTES,
      (answer) => !answer.preparing,
      (answer) => answer.body.length,
    ),
);

/** `serialize` makes the answer's bytes from the read (the route's own serializer, over the envelope). */
export async function playerAnswer(
  db: Db,
  id: string,
  serialize: (instance: Awaited<ReturnType<typeof readPlayerInstanceWithDependencies>>['instance']) => string,
): Promise<PlayerAnswer> {
  const answer = await remembered(db).get(id.toLowerCase(), async () => {
    const { instance, dependencies } = await readPlayerInstanceWithDependencies(db, id);
    const body = Buffer.from(serialize(instance));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { body, etag, preparing: instance.preparing === 1, dependencies };
  });
  // The read throws for anything that is not published; a read always answers.
  return answer as PlayerAnswer;
}
