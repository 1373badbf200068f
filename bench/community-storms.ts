// Storms over real HTTP against the running server, for communities (issue 40) and payments (issue 42): 500 people
// join one public community at once, 500 people like one comment at once, then the member count and the like count
// (as the server shows them and as their columns hold them) must equal the rows; 200 concurrent confirmations (the
// confirmation and its retries) of 50 sandbox payments must credit each payment exactly once, and every balance must
// equal the sum of its ledger rows. On the benchmark's SQLite copy, and on a PostgreSQL database made for the run.
import SQLite from 'better-sqlite3';
import { onScratchPostgres } from './harness.ts';
import { BIG_DISCUSSION, communityId, discussionId, isPublicCommunity } from './seed/communities.ts';
import { bearerOf, personId, tokenOf } from './seed/people.ts';
import type { StormResult } from './social-storms.ts';

type Count = (sql: string, ...params: string[]) => Promise<number>;

interface Target {
  base: string;
  /** A public community, and 500 people neither its members nor its admin. */
  community: string;
  joiners: number[];
  /** A comment nobody liked yet (on the first page of its discussion), and 500 people other than its author. */
  comment: { communityId: string; discussionId: string; id: string };
  likers: number[];
  /** 10 people without a gem balance of their own yet. */
  buyers: number[];
  count: Count;
}

function tally(statuses: number[]): { answered: string; byStatus: Map<number, number> } {
  const byStatus = new Map<number, number>();
  for (const s of statuses) byStatus.set(s, (byStatus.get(s) ?? 0) + 1);
  return { answered: [...byStatus].map(([s, n]) => `${n} × ${s}`).join(', '), byStatus };
}

async function send(base: string, method: string, path: string, person: number, body?: string, type = 'application/json'): Promise<Response> {
  return fetch(`${base}${path}`, { method, headers: { authorization: bearerOf(person), ...(body !== undefined ? { 'content-type': type } : {}) }, body, redirect: 'manual' });
}

async function joinStorm(t: Target): Promise<StormResult> {
  const t0 = performance.now();
  const statuses = await Promise.all(
    t.joiners.map(async (p) => {
      const res = await send(t.base, 'POST', `/api/communities/join-community/${t.community}`, p, JSON.stringify({ userId: personId(p) }));
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const ms = performance.now() - t0;
  const shownRes = await send(t.base, 'GET', `/api/communities/${t.community}`, t.joiners[0]);
  const shown = ((await shownRes.json()) as { data: { memberCount: number } }).data.memberCount;
  const column = await t.count('select member_count from communities where id = $1', t.community);
  const rows = await t.count(`select count(*) from community_members where community_id = $1 and status = 'member'`, t.community);
  const { answered, byStatus } = tally(statuses);
  const ok = (byStatus.get(200) ?? 0) + (byStatus.get(201) ?? 0);
  const pass = ok === t.joiners.length && shown === rows && column === rows;
  return { name: `${t.joiners.length} people join one public community at once`, detail: `${answered} in ${Math.round(ms)} ms; member count shown ${shown}, member_count ${column}, member rows ${rows}`, pass, rows };
}

async function commentLikeStorm(t: Target): Promise<StormResult> {
  const { communityId: c, discussionId: d, id } = t.comment;
  const t0 = performance.now();
  const statuses = await Promise.all(
    t.likers.map(async (p) => {
      const res = await send(t.base, 'POST', `/api/communities/${c}/discussions/${d}/comments/${id}/likes`, p);
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const ms = performance.now() - t0;
  const page = (await (await send(t.base, 'GET', `/api/communities/${c}/discussions/${d}/comments`, t.likers[0])).json()) as { data: { results: { commentId: string; likeCount: number }[] } };
  const shown = page.data.results.find((k) => k.commentId === id)?.likeCount ?? -1;
  const column = await t.count('select like_count from comments where id = $1', id);
  const rows = await t.count('select count(*) from comment_likes where comment_id = $1', id);
  const { answered, byStatus } = tally(statuses);
  const pass = (byStatus.get(200) ?? 0) === t.likers.length && shown === rows && column === rows && rows === t.likers.length;
  return { name: `${t.likers.length} people like one comment at once`, detail: `${answered} in ${Math.round(ms)} ms; like count shown ${shown}, like_count ${column}, rows ${rows} (expected ${t.likers.length})`, pass, rows };
}

/** 50 sandbox checkouts of 100 gems by 10 people, then 200 confirmations at once (each payment 4 times: the confirmation and 3 retries). */
async function paymentStorm(t: Target): Promise<StormResult> {
  const payments: { buyer: number; url: string }[] = [];
  for (let i = 0; i < 50; i++) {
    const buyer = t.buyers[i % t.buyers.length];
    const res = await send(t.base, 'POST', '/api/purchases/checkout', buyer, JSON.stringify({ product: 'gems_100' }));
    if (res.status !== 200) throw new Error(`POST /api/purchases/checkout answered ${res.status}: ${await res.text()}`);
    payments.push({ buyer, url: ((await res.json()) as { data: { url: string } }).data.url });
  }
  const t0 = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: 200 }, (_, i) => payments[i % payments.length]).map(async (p) => {
      const res = await send(t.base, 'POST', `${p.url}/confirm`, p.buyer, '', 'application/x-www-form-urlencoded');
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const ms = performance.now() - t0;
  const { answered, byStatus } = tally(statuses);
  let credited = 0;
  let wrongBalances = 0;
  const shownWrong: string[] = [];
  for (const b of t.buyers) {
    const rows = await t.count(`select count(*) from gem_transactions where user_id = $1 and reason = 'gem_bundle'`, personId(b));
    credited += rows;
    const sum = await t.count('select coalesce(sum(amount), 0) from gem_transactions where user_id = $1', personId(b));
    const balance = await t.count('select coalesce(max(balance), 0) from gem_balances where user_id = $1', personId(b));
    const me = (await (await send(t.base, 'GET', '/api/user/me', b)).json()) as { data: { gems: number } };
    if (balance !== sum) wrongBalances++;
    if (me.data.gems !== sum) shownWrong.push(`${b}: ${me.data.gems} shown, ${sum} in the ledger`);
  }
  const expectedEach = (payments.length / t.buyers.length) * 100;
  const everyBalance = await t.count('select count(*) from gem_balances b where balance != (select coalesce(sum(amount), 0) from gem_transactions g where g.user_id = b.user_id)');
  const pass = (byStatus.get(303) ?? 0) === 200 && credited === payments.length && wrongBalances === 0 && shownWrong.length === 0 && everyBalance === 0;
  return {
    name: '200 concurrent confirmations of 50 payments',
    detail:
      `${answered} in ${Math.round(ms)} ms; ${credited} ledger rows for 50 payments, ${wrongBalances} of ${t.buyers.length} buyers' balances differ from their ledger (each ${expectedEach} gems expected)` +
      `${shownWrong.length ? `, shown wrong: ${shownWrong.join('; ')}` : ''}; balances of everyone not equal to their ledger: ${everyBalance}`,
    pass,
    rows: credited,
  };
}

async function runStorms(t: Target): Promise<StormResult[]> {
  return [await joinStorm(t), await commentLikeStorm(t), await paymentStorm(t)];
}

/** The storms on the benchmark's running server and its SQLite file (read-only here: the server writes). */
export async function stormCommunitiesAndPayments(base: string, file: string, people: number): Promise<StormResult[]> {
  const db = new SQLite(file, { readonly: true });
  try {
    // A public community other than the busiest, and 500 people outside it.
    let c = 11;
    while (!isPublicCommunity(c)) c++;
    const community = communityId(c);
    const inside = new Set(db.prepare('select user_id from community_members where community_id = ?').pluck().all(community) as string[]);
    inside.add(db.prepare('select admin_id from communities where id = ?').pluck().get(community) as string);
    const joiners: number[] = [];
    for (let n = Math.floor(people / 3); joiners.length < 500; n = (n + 1) % people) if (!inside.has(personId(n))) joiners.push(n);
    // The first comment of a small public discussion nobody liked.
    const comment = db
      .prepare(
        `select k.id, k.discussion_id as discussionId, k.community_id as communityId, k.author_id as authorId from discussions d
         join comments k on k.discussion_id = d.id and k.parent_id is null
         where d.is_public = 1 and d.comment_count between 1 and 10 and k.like_count = 0 and d.id != ? order by d.id, k.created_at limit 1`,
      )
      .get(discussionId(BIG_DISCUSSION)) as { id: string; discussionId: string; communityId: string; authorId: string };
    const likers: number[] = [];
    for (let n = Math.floor((people * 2) / 3); likers.length < 500; n = (n + 1) % people) if (personId(n) !== comment.authorId) likers.push(n);
    const owning = new Set(db.prepare('select user_id from gem_balances').pluck().all() as string[]);
    const buyers: number[] = [];
    for (let n = people - 1; buyers.length < 10; n--) if (!owning.has(personId(n))) buyers.push(n);
    const count: Count = async (sql, ...params) => {
      const stmt = db.prepare(sql.replace(/\$\d+/g, '?'));
      return Number(stmt.pluck().get(...params));
    };
    return await runStorms({ base, community, joiners, comment, likers, buyers, count });
  } finally {
    db.close();
  }
}

/**
 * The same storms on PostgreSQL: a database made for the run on the server of `url`, the built server started on it
 * (it migrates), 1,011 people, a public community, a discussion and a comment written straight into it; dropped
 * afterwards.
 */
export async function stormsOnPostgres(url: string, smtpUrl: string, pinned: boolean): Promise<StormResult[]> {
  const name = `reelhouse_bench_community_${process.pid}`;
  return onScratchPostgres({ url, name, smtpUrl, pinned }, async (app, client) => {
  const now = new Date().toISOString();
  const people = Array.from({ length: 1_011 }, (_, n) => n);
  await client.query(
    `insert into users (id, email, email_verified, display_name, onboarded, created_at, updated_at)
     select id, email, true, name, true, $4, $4 from unnest($1::text[], $2::text[], $3::text[]) as u(id, email, name)`,
    [people.map(personId), people.map((n) => `fan${n}@bench.reelhouse.test`), people.map((n) => `Fan ${n}`), now],
  );
  await client.query(
    `insert into sessions (id, token, user_id, expires_at, created_at, updated_at)
     select id, token, id, '2099-01-01', $3, $3 from unnest($1::text[], $2::text[]) as s(id, token)`,
    [people.map(personId), people.map(tokenOf), now],
  );
  const community = communityId(0);
  const discussion = discussionId(0);
  const comment = 'b0000012-0000-4000-8000-000000000001';
  await client.query(
    `insert into communities (id, name, name_key, description, is_public, admin_id, is_general, member_count, discussion_count, activity_at, created_at, updated_at)
     values ($1, 'Storm Club', 'storm club', 'A club for storms.', true, $2, false, 0, 1, $3, $3, $3)`,
    [community, personId(0), now],
  );
  await client.query(
    `insert into discussions (id, community_id, author_id, title, body, spoiler, locked, is_public, like_count, comment_count, created_at, last_activity_at)
     values ($1, $2, $3, 'Storm talk', 'What a storm.', false, false, true, 0, 1, $4, $4)`,
    [discussion, community, personId(0), now],
  );
  await client.query(
    `insert into comments (id, discussion_id, community_id, parent_id, depth, author_id, text, spoiler, deleted, like_count, reply_count, created_at)
     values ($1, $2, $3, null, 0, $4, 'First!', false, false, 0, 0, $5)`,
    [comment, discussion, community, personId(0), now],
  );
  return await runStorms({
    base: app.base,
    community,
    joiners: people.slice(1, 501),
    comment: { communityId: community, discussionId: discussion, id: comment },
    likers: people.slice(501, 1_001),
    buyers: people.slice(1_001),
    count: async (sql, ...params) => Number(Object.values((await client.query(sql, params)).rows[0] ?? { n: 0 })[0]),
  });
  });
}
