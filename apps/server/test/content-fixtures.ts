/** Brand-content fixtures: two brands with a customer each, plus admins. */
import { songs } from '../src/db/schema.ts';
import { makeBrand, makeCategory, makeUser, type TestApp } from './harness.ts';
import { type Users, usersOfEveryRole } from './support.ts';

export interface Tenants {
  users: Users;
  brandA: { id: string; name: string };
  brandB: { id: string; name: string };
  /** Customers of brand A and brand B. */
  a: { id: string; token: string };
  b: { id: string; token: string };
  /** A category for the products the tests make (a product needs one, docs/api.md "Products"). */
  category: { id: string };
}

export async function tenants(app: TestApp): Promise<Tenants> {
  const [users, brandA, brandB, category] = await Promise.all([
    usersOfEveryRole(app),
    makeBrand(app.db),
    makeBrand(app.db),
    makeCategory(app.db),
  ]);
  const [a, b] = await Promise.all([
    makeUser(app, 'customer', { brandId: brandA.id }),
    makeUser(app, 'customer', { brandId: brandB.id }),
  ]);
  return { users, brandA, brandB, a, b, category };
}

/** A platform (ATK) song, made as the admins' screens would. */
export async function platformSong(app: TestApp, name = 'Platform Song') {
  const [row] = await app.db.insert(songs).values({ name, isAtk: 1, songType: 2, isPublished: 1 }).returning();
  return row;
}
