// Follows (issue 41): 2,000,000 follows among the people, each person following a long-tailed number of others
// drawn by Zipf (the first people are the most followed), and FEED_PERSON following exactly FEED_FOLLOWS people. The
// users' follower_count and following_count are computed from the rows, and FOLLOWS_CHECKS proves it by SQL.
import { personId } from './people.ts';
import { insertRows, isoBefore, type SeedState, seededRandom, tailed, zipf } from './shared.ts';

/** The person whose feed the benchmark reads: follows FEED_FOLLOWS people. */
export const FEED_PERSON = 1;
export const FEED_FOLLOWS = 1_000;

export function seedFollows(s: SeedState, plan: { follows: number }): void {
  const rand = seededRandom(41);
  const { db, now, people } = s;
  const out = new Int32Array(people);
  let total = 0;
  for (let p = 0; p < people; p++) {
    out[p] = p === FEED_PERSON ? FEED_FOLLOWS : tailed(rand, plan.follows / people, 1, Math.min(5_000, people - 1));
    total += out[p];
  }
  const fixed = Math.min(FEED_FOLLOWS, people - 1);
  out[FEED_PERSON] = fixed;
  while (total < plan.follows) {
    const p = Math.floor(rand() * people);
    if (p !== FEED_PERSON && out[p] < people - 1) {
      out[p]++;
      total++;
    }
  }
  while (total > plan.follows) {
    const p = Math.floor(rand() * people);
    if (p !== FEED_PERSON && out[p] > 1) {
      out[p]--;
      total--;
    }
  }
  const followers = new Int32Array(people);
  const popular = zipf(people, 0.9, rand);
  const day = 86_400;
  insertRows(
    db,
    'follows',
    ['follower_id', 'followee_id', 'created_at'],
    (function* () {
      for (let p = 0; p < people; p++) {
        const seen = new Set<number>();
        // FEED_PERSON follows people of every kind, not only the most followed.
        while (seen.size < out[p]) {
          const q = p === FEED_PERSON ? Math.floor(rand() * people) : popular();
          if (q !== p) seen.add(q);
        }
        for (const q of [...seen].sort((a, b) => a - b)) {
          followers[q]++;
          yield [personId(p), personId(q), isoBefore(now, Math.floor(rand() * 365 * day))];
        }
      }
    })(),
  );
  const update = db.prepare('update users set follower_count = ?, following_count = ? where id = ?');
  db.transaction(() => {
    for (let p = 0; p < people; p++) update.run(followers[p], out[p], personId(p));
  })();
}

export const FOLLOWS_CHECKS: Record<string, string> = {
  'users.follower_count': 'select count(*) from users u left join (select followee_id as k, count(*) as n from follows group by followee_id) r on r.k = u.id where u.follower_count != coalesce(r.n, 0)',
  'users.following_count': 'select count(*) from users u left join (select follower_id as k, count(*) as n from follows group by follower_id) r on r.k = u.id where u.following_count != coalesce(r.n, 0)',
};
