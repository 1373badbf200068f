import { sql } from 'kysely';
import type { LevelProgress } from '../../../../common/contracts/levels.ts';
import type { Database } from '../../db/database.ts';
import type { Db } from '../../db/db.ts';
import { writeWithEvents } from '../../events/index.ts';
import { creditLevelReward } from '../gems/index.ts';
import { CAPS, type LevelFacts, levelsDue, progressOf } from './levels.rules.ts';

/** What checkLevels needs from the app (a FastifyInstance is one). */
export interface LevelsContext {
  database: Database;
  levelCache: { forget(userId: string): void };
}

const lengthOf = (json: string | null): number => {
  if (!json) return 0;
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.length : 0;
  } catch {
    return 0;
  }
};

/**
 * Everything the ladder asks about one person in one statement: the profile columns, and counts through the
 * (user, ...) indexes of ratings (reviews through their partial index), discussions, comments and memberships, each
 * stopped at the highest figure a requirement names, so the cost does not grow with a person's history.
 */
export async function readFacts(db: Db, userId: string): Promise<LevelFacts | null> {
  const capped = (inner: ReturnType<typeof sql>) => sql<number>`(select count(*) from (${inner}) capped)`;
  const row = await db
    .selectFrom('users')
    .select([
      'users.imageUrl',
      'users.bio',
      'users.favouriteGenres',
      'users.topMovies',
      'users.topShows',
      capped(sql`select 1 from ratings where user_id = ${userId} limit ${CAPS.ratings}`).as('ratings'),
      capped(sql`select 1 from ratings where user_id = ${userId} and review is not null limit ${CAPS.reviews}`).as('reviews'),
      capped(sql`select 1 from discussions where author_id = ${userId} limit ${CAPS.discussions}`).as('discussions'),
      capped(sql`select 1 from comments where author_id = ${userId} limit 1`).as('comments'),
      capped(sql`select 1 from community_members where user_id = ${userId} and status = 'member' limit ${CAPS.communities}`).as('communities'),
      sql<number>`(select coalesce(max(rank), 0) from user_levels where user_id = ${userId})`.as('reached'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const discussions = Number(row.discussions);
  return {
    genres: lengthOf(row.favouriteGenres),
    topMovies: lengthOf(row.topMovies),
    topShows: lengthOf(row.topShows),
    picture: Boolean(row.imageUrl),
    bio: Boolean(row.bio?.trim()),
    joinedDiscussion: discussions > 0 || Number(row.comments) > 0,
    ratings: Number(row.ratings),
    reviews: Number(row.reviews),
    communities: Number(row.communities),
    discussions,
    reached: Number(row.reached),
  };
}

const NO_LEVEL: LevelProgress = { current: null, next: null, missing: [] };

/** A person's level, the next one and what is still missing for it. */
export async function levelProgress(db: Db, userId: string): Promise<LevelProgress> {
  const facts = await readFacts(db, userId);
  return facts ? progressOf(facts) : NO_LEVEL;
}

/**
 * Reaches every level whose turn has come, after an action's transaction committed (the levels module's subscriber to
 * setProfile, a rating or review, a comment or discussion, a membership). Cheap when nothing is due: one read. Each
 * level is a row with a unique (user, level) key, and its reward a ledger row with a unique key, written in one
 * transaction that first takes the person's gem balance row (as every gem booking does), so concurrent checks for one
 * person take turns and a level and its reward are written once, however often, concurrently or after undoing and
 * redoing, the actions happen. Each level reached records `level.reached` in that transaction (the notification and the
 * premium cache drop follow it). The cached /me extras are dropped first. Answers the levels reached now; a failure
 * throws (the outbox retries the event).
 */
export async function checkLevels(ctx: LevelsContext, userId: string): Promise<string[]> {
  // What /api/user/me keeps changes with every action that brings here, level or not ('2 more reviews').
  ctx.levelCache.forget(userId);
  const facts = await readFacts(ctx.database.db, userId);
  if (!facts || levelsDue(facts).length === 0) return [];
  return writeWithEvents(ctx.database, async (trx, emit) => {
    await trx
      .insertInto('gemBalances')
      .values({ userId, balance: 0 })
      .onConflict((oc) => oc.column('userId').doUpdateSet((eb) => ({ balance: eb.ref('gemBalances.balance') })))
      .execute();
    // Read again under the lock: another check may have reached some meanwhile.
    const now = await readFacts(trx, userId);
    if (!now) return [];
    const out: string[] = [];
    const at = new Date().toISOString();
    for (const level of levelsDue(now)) {
      const row = await trx
        .insertInto('userLevels')
        .values({ userId, level: level.id, rank: level.rank, reachedAt: at })
        .onConflict((oc) => oc.columns(['userId', 'level']).doNothing())
        .returning('level')
        .executeTakeFirst();
      if (!row) continue;
      await creditLevelReward(trx, userId, level.id, level.name, level.reward);
      await emit('level.reached', { userId, level: level.id });
      out.push(level.id);
    }
    return out;
  });
}

/** Erases a closed account's levels (erasing twice changes nothing); the cached /me extras are dropped. */
export async function eraseAccountLevels(ctx: LevelsContext, userId: string): Promise<void> {
  await ctx.database.db.deleteFrom('userLevels').where('userId', '=', userId).execute();
  ctx.levelCache.forget(userId);
}
