import { randomBytes, randomUUID } from 'node:crypto';
import type { TestContext } from './helpers.ts';

/**
 * Many signed-in people at once, written straight into the users and sessions tables (signing in hundreds through
 * the e-mail link would test sign-in, not what they do next). Each carries its session as a bearer token.
 */
export async function insertFans(ctx: Pick<TestContext, 'database'>, count: number, namePrefix = 'Fan') {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const onboarded = ctx.database.dialect === 'postgres' ? true : 1;
  const fans = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    token: randomBytes(24).toString('base64url'),
    displayName: `${namePrefix} ${i + 1}`,
  }));
  for (let i = 0; i < fans.length; i += 200) {
    const chunk = fans.slice(i, i + 200);
    await ctx.database.db
      .insertInto('users')
      .values(
        chunk.map((f) => ({
          id: f.id,
          email: `${f.id}@example.com`,
          emailVerified: onboarded,
          displayName: f.displayName,
          imageUrl: null,
          bio: null,
          onboarded,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    await ctx.database.db
      .insertInto('sessions')
      .values(chunk.map((f) => ({ id: randomUUID(), token: f.token, userId: f.id, expiresAt: expires, ipAddress: null, userAgent: null, createdAt: now, updatedAt: now })))
      .execute();
  }
  return fans.map((f) => ({ user: { id: f.id, displayName: f.displayName }, headers: { authorization: `Bearer ${f.token}` } }));
}
