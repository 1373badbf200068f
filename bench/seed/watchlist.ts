// Watchlists: each person keeps a long-tailed number of titles (popular ones more often), added over the last two years.
import { personId } from './people.ts';
import { insertRows, isoBefore, type SeedState, seededRandom, tailed, timed, zipf } from './shared.ts';

export function seedWatchlists(s: SeedState, plan: { meanPerPerson: number }): number {
  const rand = seededRandom(2002);
  const pick = zipf(s.titles.length, 0.7, rand);
  return timed('writing watchlists', () =>
    insertRows(
      s.db,
      'watchlist_entries',
      ['user_id', 'title_id', 'created_at'],
      (function* () {
        for (let p = 0; p < s.people; p++) {
          const n = tailed(rand, plan.meanPerPerson, 0, 1000);
          const seen = new Set<number>();
          while (seen.size < n) seen.add(pick());
          for (const t of seen) yield [personId(p), s.titles[t].id, isoBefore(s.now, Math.floor(rand() * 730 * 86_400))];
        }
      })(),
    ),
  );
}
