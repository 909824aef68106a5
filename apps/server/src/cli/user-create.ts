/**
 * npm run user:create -- --email E --role R
 * asks for the password (hidden, twice) on a terminal, or reads it from the first line of standard input. Scripts
 * may still pass `--password P`, which npm prints and the shell keeps in its history (README "Creating real accounts").
 * Works on the embedded database while the server is stopped, and on PostgreSQL at any time.
 */
import { parseArgs } from 'node:util';
import { email as emailSchema, hashPassword, isRole, isStrongPassword, MSG, ROLES } from '@atk/contract';
import { eq } from 'drizzle-orm';
import { seed } from '../bootstrap/seed.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { roleId } from '../modules/users/profile.ts';
import { hashSecret } from '../platform/crypto.ts';
import { readPassword } from './read-password.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
});

function die(message: string): never {
  console.error(message);
  process.exit(1);
}

const email = emailSchema.safeParse(values.email);
if (!email.success) die('--email must be a valid email');
if (!isRole(values.role)) die(`--role must be one of ${ROLES.join(', ')}`);
const password = values.password ?? (await readPassword());
if (password === null) die(MSG.passwordMismatch);
if (!password || !isStrongPassword(password)) die(`Password: ${MSG.passwordRule}`);

const config = loadConfig();
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  die(
    `Cannot open the database (${(err as Error).message}). Is the server running on the embedded database? Stop it first.`,
  );
}
const { db } = database;
await seed(db, { demo: false });
const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.data));
if (taken) {
  await database.close();
  die(`A user with email ${email.data} already exists`);
}
const [user] = await db
  .insert(users)
  .values({
    email: email.data,
    passwordHash: await hashSecret(hashPassword(password)),
    roleId: await roleId(db, values.role),
    registerType: values.role === 'customer' ? 'operator_created' : null,
  })
  .returning({ id: users.id });
console.log(`Created ${values.role} ${email.data} (${user.id})`);
await database.close();
