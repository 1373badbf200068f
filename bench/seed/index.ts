// The social database: the starter catalogue with people, ratings and reviews, watchlists and lists, seeded by bulk
// SQL (prepared multi-row inserts inside transactions), made once and kept under the system's temporary folder as
// /tmp/reelhouse-social-v<SEED_VERSION>-<people>-<starter catalogue>.db. Each domain seeds in a file of its own
// (people.ts, ratings.ts, watchlist.ts, lists.ts, communities.ts, follows.ts, gems.ts, feed.ts), in the order of SEEDERS; a
// later domain adds a file and a step, and SEED_VERSION moves on so the kept file is made again.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { isReleased } from '../../common/release-date.ts';
import { migrate } from '../servers.ts';
import { copyStarter, starterFile } from '../starter-file.ts';
import { COMMUNITIES_CHECKS, seedCommunities } from './communities.ts';
import { seedFeedInboxes } from './feed.ts';
import { FOLLOWS_CHECKS, seedFollows } from './follows.ts';
import { GEMS_CHECKS, seedGems } from './gems.ts';
import { LISTS_CHECKS, seedLists } from './lists.ts';
import { seedPeople } from './people.ts';
import { RATINGS_CHECKS, seedRatings } from './ratings.ts';
import { type SeedState, type SeedTitle, timed } from './shared.ts';
import { seedWatchlists } from './watchlist.ts';

/** Moves on whenever a seeder changes what it writes. */
export const SEED_VERSION = 3;

/** The sizes of issue 39's budgets (BENCH_PEOPLE scales them all, for a quick check of the harness). */
export function socialPlan() {
  const people = Number(process.env.BENCH_PEOPLE ?? 100_000);
  const scale = people / 100_000;
  return {
    people,
    ratings: Math.round(2_000_000 * scale),
    reviews: Math.round(200_000 * scale),
    lists: Math.round(100_000 * scale),
    watchlistMean: 10,
    // Issue 40: communities, discussions, comments (one discussion with bigComments of them).
    communities: Math.max(10, Math.round(10_000 * scale)),
    discussions: Math.max(10, Math.round(200_000 * scale)),
    comments: Math.max(100, Math.round(2_000_000 * scale)),
    bigComments: Math.max(50, Math.round(10_000 * Math.min(1, scale * 10))),
    // Issue 41: follows.
    follows: Math.round(2_000_000 * scale),
    // Issue 42: the ledger of one person, and a few rows for some others.
    gemPersonRows: Math.max(100, Math.round(100_000 * Math.min(1, scale * 10))),
    othersWithGems: Math.round(10_000 * scale),
  };
}
export type SocialPlan = ReturnType<typeof socialPlan>;

/** The seeders in order: each may read what the earlier ones wrote. */
const SEEDERS: { name: string; run: (s: SeedState, plan: SocialPlan) => void; checks?: Record<string, string> }[] = [
  { name: 'people', run: (s) => seedPeople(s) },
  { name: 'ratings and reviews', run: (s, p) => seedRatings(s, { ratings: p.ratings, reviews: p.reviews }), checks: RATINGS_CHECKS },
  { name: 'watchlists', run: (s, p) => void seedWatchlists(s, { meanPerPerson: p.watchlistMean }) },
  { name: 'lists', run: (s, p) => seedLists(s, { lists: p.lists }), checks: LISTS_CHECKS },
  { name: 'communities, discussions and comments', run: (s, p) => seedCommunities(s, p), checks: COMMUNITIES_CHECKS },
  { name: 'follows', run: (s, p) => seedFollows(s, p), checks: FOLLOWS_CHECKS },
  { name: 'gems', run: (s, p) => seedGems(s, p), checks: GEMS_CHECKS },
  { name: 'feed inboxes (when the build has them)', run: (s) => seedFeedInboxes(s) },
];

export interface SocialDatabase {
  file: string;
  plan: SocialPlan;
  /** When the rows were made (ms): their times are before it. */
  madeAt: number;
}

/** Released titles of the catalogue, most popular first, with their genres. */
function seedTitles(db: SQLite.Database): SeedTitle[] {
  const rows = db
    .prepare(`select id, title_type as type, release_date as releaseDate, start_year as startYear, genres from titles order by popularity desc, id`)
    .all() as { id: string; type: 'movie' | 'tvSeries'; releaseDate: string | null; startYear: number | null; genres: string }[];
  return rows
    .filter((t) => isReleased(t.releaseDate, t.startYear))
    .map((t) => ({ id: t.id, type: t.type, genres: t.genres ? t.genres.split(',').map((g) => g.trim()) : [] }));
}

/** Every counter equals the rows it counts, and no reference dangles: throws otherwise. */
export function checkSeed(db: SQLite.Database): void {
  for (const seeder of SEEDERS) {
    for (const [counter, query] of Object.entries(seeder.checks ?? {})) {
      const wrong = db.prepare(query).pluck().get() as number;
      if (wrong !== 0) throw new Error(`seeding left ${wrong} rows whose ${counter} does not equal their rows`);
    }
  }
  const fk = db.pragma('foreign_key_check') as unknown[];
  if (fk.length) throw new Error(`seeding left ${fk.length} rows with a dangling reference, e.g. ${JSON.stringify(fk[0])}`);
}

/** The kept social database, made first when missing (from the starter catalogue, migrated by the build). */
export async function socialDatabase(smtpUrl: string, pinned: boolean): Promise<SocialDatabase> {
  const plan = socialPlan();
  const starter = basename(starterFile(), '.db').replace('reelhouse-starter-', '');
  const file = process.env.BENCH_SOCIAL_DB ?? join(tmpdir(), `reelhouse-social-v${SEED_VERSION}-${plan.people}-${starter}.db`);
  const meta = `${file}.json`;
  if (existsSync(file) && existsSync(meta)) return { file, plan, madeAt: JSON.parse(readFileSync(meta, 'utf8')).madeAt };
  console.log(`seeding ${plan.people.toLocaleString('en')} people, ${plan.ratings.toLocaleString('en')} ratings, ${plan.reviews.toLocaleString('en')} reviews, ${plan.lists.toLocaleString('en')} lists, ${plan.communities.toLocaleString('en')} communities, ${plan.discussions.toLocaleString('en')} discussions, ${plan.comments.toLocaleString('en')} comments, ${plan.follows.toLocaleString('en')} follows into ${file} (once; reused afterwards)`);
  const partial = `${file}.partial-${process.pid}`;
  try {
    await copyStarter(partial, smtpUrl, pinned);
    migrate(partial);
    const db = new SQLite(partial);
    // Nothing reads this file until it is complete: no journal, no syncing, a large page cache.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -512000');
    db.pragma('foreign_keys = OFF');
    const s: SeedState = { db, now: Date.now(), titles: seedTitles(db), people: plan.people };
    for (const seeder of SEEDERS) timed(seeder.name, () => seeder.run(s, plan));
    timed('checks', () => checkSeed(db));
    db.pragma('journal_mode = WAL');
    db.close();
    renameSync(partial, file);
    writeFileSync(meta, `${JSON.stringify({ madeAt: s.now, plan })}\n`);
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  }
  return { file, plan, madeAt: JSON.parse(readFileSync(meta, 'utf8')).madeAt };
}
