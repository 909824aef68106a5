import { type Role, SESSION_TTL_DAYS } from '@atk/contract';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { changeFeed, Remembered } from '../../db/changes.ts';
import { type Db, perDatabase } from '../../db/client.ts';
import { roles, sessions, users } from '../../db/schema.ts';
import { deletedIs } from '../../db/soft-delete.ts';
import { newToken, sha256Hex } from '../../platform/crypto.ts';

export interface SessionUser {
  id: string;
  role: Role;
  masterBrandId: string | null;
}

export async function createSession(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: sha256Hex(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000),
  });
  return token;
}

// The lookup behind every authenticated request: prepared once per database, planned once per connection.
const sessionLookup = perDatabase((db) =>
  db
    .select({ id: users.id, role: roles.name, masterBrandId: users.masterBrandId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        deletedIs(users),
      ),
    )
    .limit(1)
    .prepare('session_user'),
);

// Remembered until the user or any of its sessions changes (revocation included), as the change feed tells.
const rememberedSessions = perDatabase(
  (db) =>
    new Remembered<{ user: SessionUser; expiresAt: number }>(
      changeFeed(db),
      (change, _tokenHash, { user }) => 'user' in change && change.user === user.id,
    ),
);

/** The user behind a bearer token, or null when it is unknown, expired, revoked or its user deleted. */
export async function resolveSession(db: Db, token: string): Promise<SessionUser | null> {
  const tokenHash = sha256Hex(token);
  const session = await rememberedSessions(db).get(tokenHash, async () => {
    const [row] = await sessionLookup(db).execute({ tokenHash });
    return row
      ? {
          user: { id: row.id, role: row.role as Role, masterBrandId: row.masterBrandId },
          expiresAt: row.expiresAt.getTime(),
        }
      : null;
  });
  return session && session.expiresAt > Date.now() ? session.user : null;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, sha256Hex(token)));
}

/** After a password change every other session of the user ends. */
export async function revokeAllSessions(db: Db, userId: string, except?: string): Promise<void> {
  const open = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(except ? and(open, ne(sessions.tokenHash, sha256Hex(except))) : open);
}
