import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { insertFans } from './fans.ts';

// A storm of writes from many people at once over HTTP (ratings with reviews, review likes, follows, community joins,
// comments, discussion likes, gem purchases confirmed in the sandbox and badges bought with gems), which remembers
// every write the server answered 2xx; and the checks that hold of the database afterwards, whatever happened to the
// server meanwhile (a SIGKILL in the middle): every acknowledged write is there, every counter column equals the rows
// it counts, every gem balance equals the sum of its ledger, and no domain event is left undelivered.
// Used by the SIGKILL test (server/src/crash-consistency.test.ts) and `npm run bench:load` (bench/load-suite.ts).

type Fan = Awaited<ReturnType<typeof insertFans>>[number];

export interface StormWorld {
  people: Fan[];
  titles: string[];
  communityId: string;
  discussionId: string;
  /** The cheapest badge and its price in gems. */
  badge: { id: string; price: number };
}

/** The writes answered 2xx, by kind. */
export interface Acknowledged {
  ratings: { id: string; userId: string; titleId: string }[];
  reviewLikes: { ratingId: string; userId: string }[];
  follows: { followerId: string; followeeId: string }[];
  joins: { userId: string }[];
  comments: { id: string }[];
  discussionLikes: { userId: string }[];
  purchases: { id: string; userId: string }[];
  badges: { userId: string; badgeId: string }[];
}

export const emptyAcknowledged = (): Acknowledged => ({
  ratings: [],
  reviewLikes: [],
  follows: [],
  joins: [],
  comments: [],
  discussionLikes: [],
  purchases: [],
  badges: [],
});

/** How many writes of each kind were acknowledged, as one line. */
export function describeAcknowledged(a: Acknowledged): string {
  return Object.entries(a)
    .map(([kind, rows]) => `${(rows as unknown[]).length} ${kind}`)
    .join(', ');
}

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

async function post(base: string, path: string, who: Fan, body?: unknown): Promise<Response> {
  return fetch(`${base}${path}`, { method: 'POST', headers: body === undefined ? who.headers : json(who.headers), body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
}

/** `people` signed-in fans written into the database, `titles` released titles, and a public community with a discussion. */
export async function prepareStorm(database: Database, base: string, opts: { people: number; titles: number }): Promise<StormWorld> {
  const people = await insertFans({ database }, opts.people, 'Storm fan');
  const now = new Date().toISOString();
  const titles = Array.from({ length: opts.titles }, (_, i) => `tt98${String(i).padStart(5, '0')}`);
  await database.db
    .insertInto('titles')
    .values(
      titles.map((id, i) => ({
        id,
        titleType: 'movie',
        primaryTitle: `Storm Picture ${i + 1}`,
        searchText: `storm picture ${i + 1}`,
        genres: 'Drama',
        imdbVotes: 0,
        popularity: 0,
        startYear: 2000,
        releaseDate: '2000-01-01',
        createdAt: now,
        updatedAt: now,
      })) as never,
    )
    .execute();
  const made = await post(base, '/api/communities', people[0], { name: `Storm Club ${Date.now().toString(36)}`, description: 'Where the storm meets.', isPublic: true });
  if (made.status !== 201) throw new Error(`POST /api/communities answered ${made.status}: ${await made.text()}`);
  const communityId = ((await made.json()) as { data: { communityId: string } }).data.communityId;
  const opened = await post(base, `/api/communities/${communityId}/discussions`, people[0], { title: 'The storm thread', body: 'Say anything.' });
  if (opened.status !== 201) throw new Error(`POST discussions answered ${opened.status}: ${await opened.text()}`);
  const discussionId = ((await opened.json()) as { data: { discussionId: string } }).data.discussionId;
  const badges = await database.db.selectFrom('badges').select(['id', 'price']).orderBy('price').orderBy('id').execute();
  return { people, titles, communityId, discussionId, badge: { id: badges[0].id, price: Number(badges[0].price) } };
}

/** A small seeded generator (mulberry32), so a storm's choices repeat from run to run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Runs `writers` concurrent writers (writer w acts as person w of the world), each sending one write after another
 * until `stop()` says so; records in `acked` every write answered 2xx. A request that fails (the server killed under
 * it) or is refused counts for nothing. Answers how many requests were sent and how each ended.
 */
export async function runStorm(
  base: string,
  world: StormWorld,
  acked: Acknowledged,
  opts: { writers: number; stop: () => boolean; seed?: number },
): Promise<{ sent: number; byStatus: Map<number | 'network', number> }> {
  const byStatus = new Map<number | 'network', number>();
  let sent = 0;
  const count = (s: number | 'network') => byStatus.set(s, (byStatus.get(s) ?? 0) + 1);
  const { people, titles, communityId, discussionId } = world;
  const gemsOf = new Map<string, number>();
  const writer = async (w: number) => {
    const rand = seeded((opts.seed ?? 1) * 7919 + w);
    const me = people[w % people.length];
    const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
    const unrated = [...titles];
    while (!opts.stop()) {
      const x = rand();
      sent++;
      try {
        if (x < 0.2 && unrated.length > 0) {
          const titleId = unrated.splice(Math.floor(rand() * unrated.length), 1)[0];
          const res = await post(base, '/api/ratings-and-reviews/create', me, { titleId, rating: 1 + Math.floor(rand() * 10), review: `Storm review ${w}-${sent}.` });
          count(res.status);
          if (res.status === 201) acked.ratings.push({ id: ((await res.json()) as { data: { id: string } }).data.id, userId: me.user.id, titleId });
          else await res.arrayBuffer();
        } else if (x < 0.35 && acked.ratings.length > 0) {
          const rating = pick(acked.ratings);
          if (rating.userId === me.user.id) continue;
          const res = await post(base, `/api/ratings-and-reviews/${rating.id}/likes`, me);
          count(res.status);
          await res.arrayBuffer();
          if (res.ok) acked.reviewLikes.push({ ratingId: rating.id, userId: me.user.id });
        } else if (x < 0.5) {
          const other = pick(people);
          if (other.user.id === me.user.id) continue;
          const res = await post(base, '/api/user/follow', me, { fromId: me.user.id, toId: other.user.id });
          count(res.status);
          await res.arrayBuffer();
          if (res.ok) acked.follows.push({ followerId: me.user.id, followeeId: other.user.id });
        } else if (x < 0.55) {
          const res = await post(base, `/api/communities/join-community/${communityId}`, me, { userId: me.user.id });
          count(res.status);
          await res.arrayBuffer();
          if (res.ok) acked.joins.push({ userId: me.user.id });
        } else if (x < 0.7) {
          const res = await post(base, `/api/communities/${communityId}/discussions/${discussionId}/comments`, me, { text: `Storm comment ${w}-${sent}` });
          count(res.status);
          if (res.status === 201) acked.comments.push({ id: ((await res.json()) as { data: { commentId: string } }).data.commentId });
          else await res.arrayBuffer();
        } else if (x < 0.78) {
          const res = await post(base, `/api/discussions/${discussionId}/likes`, me);
          count(res.status);
          await res.arrayBuffer();
          if (res.ok) acked.discussionLikes.push({ userId: me.user.id });
        } else if (x < 0.9) {
          const checkout = await post(base, '/api/purchases/checkout', me, { product: 'gems_100' });
          count(checkout.status);
          if (checkout.status !== 200) {
            await checkout.arrayBuffer();
            continue;
          }
          const url = ((await checkout.json()) as { data: { url: string } }).data.url;
          sent++;
          const confirmed = await fetch(`${base}${url}/confirm`, { method: 'POST', headers: { ...me.headers, 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
          count(confirmed.status);
          await confirmed.arrayBuffer();
          if (confirmed.status === 303) {
            acked.purchases.push({ id: url.slice(url.lastIndexOf('/') + 1), userId: me.user.id });
            gemsOf.set(me.user.id, (gemsOf.get(me.user.id) ?? 0) + 100);
          }
        } else if ((gemsOf.get(me.user.id) ?? 0) >= world.badge.price && !acked.badges.some((b) => b.userId === me.user.id)) {
          const res = await post(base, `/api/profile/badges/${world.badge.id}/buy`, me);
          count(res.status);
          await res.arrayBuffer();
          if (res.ok) acked.badges.push({ userId: me.user.id, badgeId: world.badge.id });
        }
      } catch {
        // The server went away under the request: nothing was acknowledged.
        count('network');
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  await Promise.all(Array.from({ length: opts.writers }, (_, w) => writer(w)));
  return { sent, byStatus };
}

/** Rows of a query that must come back empty, as lines of a problem report. */
async function none(database: Database, what: string, query: ReturnType<typeof sql>): Promise<string[]> {
  const { rows } = await query.execute(database.db);
  return rows.length === 0 ? [] : [`${what}: ${rows.length} rows, e.g. ${JSON.stringify(rows.slice(0, 3))}`];
}

/** Whether each acknowledged write is in the database: the problems found (none when all are). */
export async function missingWrites(database: Database, acked: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const db = database.db;
  const check = async <T>(what: string, items: T[], present: (chunk: T[]) => Promise<Set<string>>, key: (item: T) => string) => {
    let missing = 0;
    const examples: string[] = [];
    for (let i = 0; i < items.length; i += 300) {
      const chunk = items.slice(i, i + 300);
      const found = await present(chunk);
      for (const item of chunk) {
        if (found.has(key(item))) continue;
        missing++;
        if (examples.length < 3) examples.push(key(item));
      }
    }
    if (missing) problems.push(`${missing} of ${items.length} acknowledged ${what} missing, e.g. ${examples.join(', ')}`);
  };
  await check(
    'ratings',
    acked.ratings,
    async (c) => new Set((await db.selectFrom('ratings').select('id').where('id', 'in', c.map((r) => r.id)).execute()).map((r) => r.id)),
    (r) => r.id,
  );
  await check(
    'review likes',
    acked.reviewLikes,
    async (c) =>
      new Set(
        (await db.selectFrom('reviewLikes').select(['ratingId', 'userId']).where('ratingId', 'in', [...new Set(c.map((l) => l.ratingId))]).execute()).map(
          (r) => `${r.ratingId}/${r.userId}`,
        ),
      ),
    (l) => `${l.ratingId}/${l.userId}`,
  );
  await check(
    'follows',
    acked.follows,
    async (c) =>
      new Set(
        (await db.selectFrom('follows').select(['followerId', 'followeeId']).where('followerId', 'in', [...new Set(c.map((f) => f.followerId))]).execute()).map(
          (r) => `${r.followerId}/${r.followeeId}`,
        ),
      ),
    (f) => `${f.followerId}/${f.followeeId}`,
  );
  await check(
    'community joins',
    acked.joins,
    async (c) =>
      new Set(
        (await db.selectFrom('communityMembers').select('userId').where('status', '=', 'member').where('userId', 'in', [...new Set(c.map((j) => j.userId))]).execute()).map(
          (r) => r.userId,
        ),
      ),
    (j) => j.userId,
  );
  await check(
    'comments',
    acked.comments,
    async (c) => new Set((await db.selectFrom('comments').select('id').where('id', 'in', c.map((k) => k.id)).execute()).map((r) => r.id)),
    (k) => k.id,
  );
  await check(
    'discussion likes',
    acked.discussionLikes,
    async (c) => new Set((await db.selectFrom('discussionLikes').select('userId').where('userId', 'in', [...new Set(c.map((l) => l.userId))]).execute()).map((r) => r.userId)),
    (l) => l.userId,
  );
  const ledgerKeys = async (keys: string[]) => new Set((await db.selectFrom('gemTransactions').select('key').where('key', 'in', keys).execute()).map((r) => r.key));
  await check(
    'confirmed purchases (paid, gems in the ledger)',
    acked.purchases,
    async (c) => {
      const paid = new Set((await db.selectFrom('purchases').select('id').where('id', 'in', c.map((p) => p.id)).where('status', '=', 'paid').execute()).map((r) => r.id));
      const credited = await ledgerKeys(c.map((p) => `purchase:${p.id}`));
      return new Set(c.filter((p) => paid.has(p.id) && credited.has(`purchase:${p.id}`)).map((p) => p.id));
    },
    (p) => p.id,
  );
  await check(
    'badges bought (owned, gems spent in the ledger)',
    acked.badges,
    async (c) => {
      const owned = new Set(
        (await db.selectFrom('userBadges').select(['userId', 'badgeId']).where('userId', 'in', [...new Set(c.map((b) => b.userId))]).execute()).map((r) => `${r.userId}/${r.badgeId}`),
      );
      const spent = await ledgerKeys(c.map((b) => `badge:${b.userId}:${b.badgeId}`));
      return new Set(c.filter((b) => owned.has(`${b.userId}/${b.badgeId}`) && spent.has(`badge:${b.userId}:${b.badgeId}`)).map((b) => `${b.userId}/${b.badgeId}`));
    },
    (b) => `${b.userId}/${b.badgeId}`,
  );
  return problems;
}

/** Every counter column against the rows it counts, and every gem balance against its ledger: the problems found. */
export async function counterProblems(database: Database): Promise<string[]> {
  const checks: [string, ReturnType<typeof sql>][] = [
    ['ratings.like_count differs from its review_likes', sql`select r.id, r.like_count from ratings r where r.like_count <> (select count(*) from review_likes l where l.rating_id = r.id)`],
    [
      'title_rating_stats differ from the ratings',
      sql`select s.title_id from title_rating_stats s where s.rating_count <> (select count(*) from ratings r where r.title_id = s.title_id)
          or s.rating_sum <> (select coalesce(sum(r.rating), 0) from ratings r where r.title_id = s.title_id)
          or s.review_count <> (select count(*) from ratings r where r.title_id = s.title_id and r.review is not null)`,
    ],
    ['titles rated without title_rating_stats', sql`select distinct r.title_id from ratings r where not exists (select 1 from title_rating_stats s where s.title_id = r.title_id)`],
    ['users.follower_count differs from their follows', sql`select u.id from users u where u.follower_count <> (select count(*) from follows f where f.followee_id = u.id)`],
    ['users.following_count differs from their follows', sql`select u.id from users u where u.following_count <> (select count(*) from follows f where f.follower_id = u.id)`],
    [
      'communities.member_count differs from its members',
      sql`select c.id from communities c where c.member_count <> (select count(*) from community_members m where m.community_id = c.id and m.status = 'member')`,
    ],
    ['communities.discussion_count differs from its discussions', sql`select c.id from communities c where c.discussion_count <> (select count(*) from discussions d where d.community_id = c.id)`],
    ['discussions.like_count differs from its likes', sql`select d.id from discussions d where d.like_count <> (select count(*) from discussion_likes l where l.discussion_id = d.id)`],
    [
      'discussions.comment_count differs from its comments',
      sql`select d.id from discussions d where d.comment_count <> (select count(*) from comments k where k.discussion_id = d.id and k.deleted = ${false})`,
    ],
    ['comments.like_count differs from its likes', sql`select k.id from comments k where k.like_count <> (select count(*) from comment_likes l where l.comment_id = k.id)`],
    ['lists.like_count differs from its likes', sql`select l.id from lists l where l.like_count <> (select count(*) from list_likes x where x.list_id = l.id)`],
    ['lists.title_count differs from its items', sql`select l.id from lists l where l.title_count <> (select count(*) from list_items x where x.list_id = l.id)`],
    [
      'gem_balances.balance differs from the sum of the ledger',
      sql`select b.user_id, b.balance from gem_balances b where b.balance <> (select coalesce(sum(g.amount), 0) from gem_transactions g where g.user_id = b.user_id)`,
    ],
    [
      'a ledger without a balance row',
      sql`select g.user_id from gem_transactions g where not exists (select 1 from gem_balances b where b.user_id = g.user_id) group by g.user_id having sum(g.amount) <> 0`,
    ],
    ['a negative gem balance', sql`select user_id from gem_balances where balance < 0`],
  ];
  const problems: string[] = [];
  for (const [what, query] of checks) problems.push(...(await none(database, what, query)));
  return problems;
}

/** Domain events not yet delivered. */
export async function undeliveredEvents(database: Database): Promise<number> {
  const row = await database.db.selectFrom('outboxEvents').select((eb) => eb.fn.countAll<number>().as('n')).where('deliveredAt', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits up to `timeoutMs` for every domain event to be delivered; answers how many are left. */
export async function waitForDeliveries(database: Database, timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  let left = await undeliveredEvents(database);
  while (left > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    left = await undeliveredEvents(database);
  }
  return left;
}
