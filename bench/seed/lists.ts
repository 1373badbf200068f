// Lists: owners with a long-tailed number of lists each, titles of the list's kind (popular ones more often) with a
// note now and then, genres from its titles, likes and views (views of the last seven days: what trending counts).
// Counters are computed from the rows: title_count, like_count, view_count (views are kept a week, so every view
// row counted once).
import { personId } from './people.ts';
import { idOf, insertRows, isoBefore, type SeedState, seededRandom, tailed, timed, zipf } from './shared.ts';

const LIST_DOMAIN = 0xb0000021;
export const listId = (n: number): string => idOf(LIST_DOMAIN, n);

const NAMES = ['Favourites', 'Comfort watches', 'Rainy Sunday', 'Must see', 'Hidden gems', 'Best of the decade', 'Watch with friends', 'Late night', 'Rewatchable'];

/** Days before `now` (UTC days, 0 today) the seeded views and likes fall in; shifted to the run's week by freshenLists. */
export const RECENT_DAYS = 7;

export function seedLists(s: SeedState, plan: { lists: number }): void {
  const rand = seededRandom(3003);
  const movies = s.titles.filter((t) => t.type === 'movie');
  const series = s.titles.filter((t) => t.type === 'tvSeries');
  const pickMovie = zipf(movies.length, 0.8, rand);
  const pickSeries = zipf(series.length, 0.8, rand);
  const lists: unknown[][] = [];
  const items: unknown[][] = [];
  const genres: unknown[][] = [];
  const likes: unknown[][] = [];
  const views: unknown[][] = [];
  const day0 = Date.UTC(new Date(s.now).getUTCFullYear(), new Date(s.now).getUTCMonth(), new Date(s.now).getUTCDate());
  timed(`drawing ${plan.lists.toLocaleString('en')} lists`, () => {
    for (let n = 0; n < plan.lists; n++) {
      // Owners: a few people own many lists.
      const owner = Math.floor(s.people * rand() ** 2);
      const type = rand() < 0.7 ? 'movie' : 'tvSeries';
      const pool = type === 'movie' ? movies : series;
      const pick = type === 'movie' ? pickMovie : pickSeries;
      const size = Math.min(pool.length, tailed(rand, 12, 1, 50));
      const chosen = new Set<number>();
      while (chosen.size < size) chosen.add(pick());
      const genreCount = new Map<string, number>();
      let position = 0;
      for (const t of chosen) {
        const title = pool[t];
        for (const g of title.genres) genreCount.set(g, (genreCount.get(g) ?? 0) + 1);
        items.push([listId(n), position++, title.id, rand() < 0.2 ? 'Worth it for the last twenty minutes alone.' : null]);
      }
      const top = [...genreCount].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 1 + Math.floor(rand() * 3));
      top.forEach(([g], i) => {
        genres.push([listId(n), g, i]);
      });
      const isPublic = rand() >= 0.1;
      const likeN = isPublic ? Math.min(s.people - 1, tailed(rand, 4, 0, 5000)) : 0;
      const likers = new Set<number>();
      while (likers.size < likeN) {
        const p = Math.floor(rand() * s.people);
        if (p !== owner) likers.add(p);
      }
      // Likes over the last 60 days, so some fall in the trending week.
      for (const p of likers) likes.push([listId(n), personId(p), isoBefore(s.now, Math.floor(rand() * 60 * 86_400))]);
      const viewN = isPublic ? tailed(rand, 3, 0, 3000) : 0;
      const seen = new Set<string>();
      while (seen.size < viewN) {
        const p = Math.floor(rand() * s.people);
        if (p === owner) continue;
        const day = new Date(day0 - Math.floor(rand() * RECENT_DAYS) * 86_400_000).toISOString().slice(0, 10);
        seen.add(`${day} ${personId(p)}`);
      }
      for (const v of seen) {
        const [day, viewer] = v.split(' ');
        views.push([listId(n), day, viewer]);
      }
      const updated = isoBefore(s.now, Math.floor(rand() * 365 * 86_400));
      const name = `${NAMES[n % NAMES.length]}${top[0] ? `: ${top[0][0]}` : ''} #${n}`;
      lists.push([listId(n), personId(owner), name, rand() < 0.5 ? 'Picked over years of Friday nights.' : null, type, isPublic ? 'public' : 'private', size, likeN, seen.size, updated, updated]);
    }
  });
  timed(`writing lists (${items.length.toLocaleString('en')} items, ${likes.length.toLocaleString('en')} likes, ${views.length.toLocaleString('en')} views)`, () => {
    insertRows(
      s.db,
      'lists',
      ['id', 'owner_id', 'name', 'description', 'type', 'visibility', 'title_count', 'like_count', 'view_count', 'created_at', 'updated_at'],
      lists as unknown[][],
    );
    insertRows(s.db, 'list_items', ['list_id', 'position', 'title_id', 'note'], items);
    insertRows(s.db, 'list_genres', ['list_id', 'genre', 'position'], genres);
    insertRows(s.db, 'list_likes', ['list_id', 'user_id', 'created_at'], likes);
    insertRows(s.db, 'list_views', ['list_id', 'day', 'viewer'], views);
  });
}

/**
 * Moves the lists' views and likes forward by the whole days since the data was made, so the trending week of the
 * run holds the activity it held when made (run on each run's copy; a second or two).
 */
export function freshenLists(db: import('better-sqlite3').Database, madeAt: number, now = Date.now()): void {
  const days = Math.floor(now / 86_400_000) - Math.floor(madeAt / 86_400_000);
  if (days <= 0) return;
  db.transaction(() => {
    db.exec(`create temp table shifted_views as select list_id, date(day, '+${days} days') as day, viewer from list_views`);
    db.exec('delete from list_views');
    db.exec('insert into list_views (list_id, day, viewer) select list_id, day, viewer from shifted_views');
    db.exec('drop table shifted_views');
    db.exec(`update list_likes set created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+${days} days')`);
  })();
}

export const LISTS_CHECKS: Record<string, string> = {
  'lists.title_count': 'select count(*) from lists l where l.title_count <> (select count(*) from list_items i where i.list_id = l.id)',
  'lists.like_count': 'select count(*) from lists l where l.like_count <> (select count(*) from list_likes k where k.list_id = l.id)',
  'lists.view_count': 'select count(*) from lists l where l.view_count < (select count(*) from list_views v where v.list_id = l.id)',
};
