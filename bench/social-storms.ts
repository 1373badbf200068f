// Storms of concurrent likes over real HTTP against the running server, then the count the server shows, the
// counter column and the rows compared: 200 people liking one review at once, the same person liking another review
// 50 times at once, and the 200 taking their likes back at once. On the benchmark's SQLite copy, and on a
// PostgreSQL database made for the run (BENCH_PG_URL: a server where the user may create databases).

import SQLite from 'better-sqlite3';
import { onScratchPostgres } from './harness.ts';
import { bearerOf, personId, tokenOf } from './seed/people.ts';

export interface StormResult {
  name: string;
  detail: string;
  pass: boolean;
  /** The rows behind the count afterwards. */
  rows: number;
}

interface Target {
  base: string;
  /** A review nobody has liked yet, its author, another such review, and people other than both authors. */
  first: string;
  second: string;
  likers: number[];
  /** The counter column and the like rows of a review, read from the database. */
  counted(ratingId: string): Promise<{ column: number; rows: number }>;
}

async function likeAll(base: string, ratingId: string, people: number[], method: 'POST' | 'DELETE'): Promise<{ ok: number; statuses: Map<number, number> }> {
  const answers = await Promise.all(
    people.map(async (p) => {
      const res = await fetch(`${base}/api/ratings-and-reviews/${ratingId}/likes`, { method, headers: { authorization: bearerOf(p) } });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const statuses = new Map<number, number>();
  for (const s of answers) statuses.set(s, (statuses.get(s) ?? 0) + 1);
  return { ok: statuses.get(200) ?? 0, statuses };
}

async function shownCount(base: string, ratingId: string, asPerson: number): Promise<number> {
  const res = await fetch(`${base}/api/ratings-and-reviews/${ratingId}`, { headers: { authorization: bearerOf(asPerson) } });
  if (!res.ok) throw new Error(`GET /api/ratings-and-reviews/${ratingId} answered ${res.status}`);
  return ((await res.json()) as { data: { likeCount: number } }).data.likeCount;
}

async function storm(t: Target, name: string, ratingId: string, people: number[], method: 'POST' | 'DELETE', expected: number): Promise<StormResult> {
  const t0 = performance.now();
  const { ok, statuses } = await likeAll(t.base, ratingId, people, method);
  const ms = performance.now() - t0;
  const shown = await shownCount(t.base, ratingId, t.likers[0]);
  const { column, rows } = await t.counted(ratingId);
  const answered = [...statuses].map(([s, n]) => `${n} × ${s}`).join(', ');
  const pass = ok === people.length && shown === rows && column === rows && rows === expected;
  return { name, detail: `${answered} in ${Math.round(ms)} ms; count shown ${shown}, like_count ${column}, rows ${rows} (expected ${expected})`, pass, rows };
}

async function runStorms(t: Target): Promise<StormResult[]> {
  const crowd = t.likers.slice(0, 200);
  const one = t.likers[0];
  return [
    await storm(t, '200 people like one review at once', t.first, crowd, 'POST', crowd.length),
    await storm(t, 'one person likes a review 50 times at once', t.second, Array.from({ length: 50 }, () => one), 'POST', 1),
    await storm(t, 'the 200 take their likes back at once', t.first, crowd, 'DELETE', 0),
  ];
}

/** The index n of personId(n). */
const personIndex = (id: string): number => Number.parseInt(id.slice(-12), 16);

/** The storms on the benchmark's running server and its SQLite file. */
export async function stormLikes(base: string, file: string, people: number): Promise<StormResult[]> {
  const db = new SQLite(file, { readonly: true });
  try {
    const [a, b] = db.prepare('select id, user_id as userId from ratings where review is not null and like_count = 0 order by id limit 2').all() as { id: string; userId: string }[];
    const authors = new Set([personIndex(a.userId), personIndex(b.userId)]);
    const likers: number[] = [];
    for (let n = Math.floor(people / 2); likers.length < 200; n = (n + 1) % people) if (!authors.has(n)) likers.push(n);
    const count = db.prepare('select like_count as c, (select count(*) from review_likes where rating_id = ?) as r from ratings where id = ?');
    return await runStorms({
      base,
      first: a.id,
      second: b.id,
      likers,
      counted: async (id) => {
        const { c, r } = count.get(id, id) as { c: number; r: number };
        return { column: c, rows: r };
      },
    });
  } finally {
    db.close();
  }
}

/**
 * The storms on PostgreSQL: a database made for the run on the server of `url`, the built server started on it (it
 * migrates), a title, 202 people and two reviews written straight into it; dropped afterwards.
 */
export async function likeStormsOnPostgres(url: string, smtpUrl: string, pinned: boolean): Promise<StormResult[]> {
  const name = `reelhouse_bench_social_${process.pid}`;
  return onScratchPostgres({ url, name, smtpUrl, pinned }, async (app, client) => {
  const now = new Date().toISOString();
  await client.query(
    `insert into titles (id, title_type, primary_title, search_text, genres, imdb_votes, popularity, start_year, release_date, created_at, updated_at)
     values ('tt9900001', 'movie', 'Storm Test', 'storm test', 'Drama', 0, 0, 2000, '2000-01-01', $1, $1)`,
    [now],
  );
  const people = Array.from({ length: 202 }, (_, n) => n);
  for (const n of people) {
    await client.query(`insert into users (id, email, email_verified, display_name, onboarded, created_at, updated_at) values ($1, $2, true, $3, true, $4, $4)`, [
      personId(n),
      `fan${n}@bench.reelhouse.test`,
      `Fan ${n}`,
      now,
    ]);
    await client.query(`insert into sessions (id, token, user_id, expires_at, created_at, updated_at) values ($1, $2, $1, '2099-01-01', $3, $3)`, [
      personId(n),
      tokenOf(n),
      now,
    ]);
  }
  const review = (id: string, author: number) =>
    client.query(
      `insert into ratings (id, user_id, title_id, rating, review, spoiler, like_count, created_at, updated_at) values ($1, $2, 'tt9900001', 8, 'A storm of a film.', false, 0, $3, $3)`,
      [id, personId(author), now],
    );
  await review('b0000099-0000-4000-8000-000000000001', 0);
  await review('b0000099-0000-4000-8000-000000000002', 1);
  return await runStorms({
    base: app.base,
    first: 'b0000099-0000-4000-8000-000000000001',
    second: 'b0000099-0000-4000-8000-000000000002',
    likers: people.slice(2),
    counted: async (id) => {
      const { rows } = await client.query('select like_count as c, (select count(*) from review_likes where rating_id = $1)::int as r from ratings where id = $1', [id]);
      return { column: Number(rows[0].c), rows: Number(rows[0].r) };
    },
  });
  });
}
