import { matchKeyOf } from '../catalogue/index.ts';
import type { ImportItem } from './imports.parse.ts';
import * as repo from './imports.repository.ts';

type Db = Parameters<typeof repo.titlesByImdb>[0];
export type MatchResult =
  | { status: 'matched'; titleId: string }
  | { status: 'ambiguous'; candidates: string[] }
  | { status: 'unmatched'; reason: string };

const NOT_FOUND = 'No title in the catalogue has this name and year.';

/**
 * Finds the catalogue's title of each item: by IMDb id, then TMDB id (of the item's kind), then by its name's match key
 * (titles.match_key: folded, letters and digits only) and year, a year either side allowed, an exact year preferred;
 * then the same with original titles (the item's own when the file gives one, and the catalogue's). A kind the source
 * states (Letterboxd: films) is preferred when titles of both kinds match. Several titles left: ambiguous, with them
 * as candidates. What was read is kept for the job's later batches.
 */
export class TitleMatcher {
  private readonly byKey = new Map<string, repo.TitleMatchRow[]>();
  private readonly originalByYear = new Map<number, Map<string, repo.TitleMatchRow[]>>();

  constructor(private readonly db: Db) {}

  async match(items: readonly ImportItem[]): Promise<MatchResult[]> {
    const imdbIds = [...new Set(items.flatMap((i) => (i.imdbId ? [i.imdbId] : [])))];
    const tmdbIds = [...new Set(items.flatMap((i) => (i.tmdbId ? [i.tmdbId] : [])))];
    const [byImdb, byTmdb] = await Promise.all([repo.titlesByImdb(this.db, imdbIds), repo.titlesByTmdb(this.db, tmdbIds)]);
    const imdb = new Map(byImdb.map((t) => [t.imdbId, t]));
    const results: (MatchResult | null)[] = items.map((item) => {
      const byId = item.imdbId ? imdb.get(item.imdbId) : undefined;
      if (byId) return { status: 'matched', titleId: byId.id };
      if (item.tmdbId) {
        const found = byTmdb.filter((t) => t.tmdbId === item.tmdbId && (!item.type || t.titleType === item.type));
        if (found.length === 1) return { status: 'matched', titleId: found[0].id };
      }
      return null;
    });
    const rest = items.filter((_, i) => results[i] === null);
    await this.loadKeys(rest.flatMap((i) => [matchKeyOf(i.title), ...(i.originalTitle ? [matchKeyOf(i.originalTitle)] : [])]));
    const needOriginal: { i: number; year: number }[] = [];
    items.forEach((item, i) => {
      if (results[i] !== null) return;
      const keys = [matchKeyOf(item.title), ...(item.originalTitle ? [matchKeyOf(item.originalTitle)] : [])];
      const found = pick(item, unique(keys.flatMap((k) => this.byKey.get(k) ?? [])));
      if (found) results[i] = found;
      else if (item.year !== null) needOriginal.push({ i, year: item.year });
      else results[i] = { status: 'unmatched', reason: NOT_FOUND };
    });
    await this.loadOriginalYears(needOriginal.flatMap(({ year }) => [year - 1, year, year + 1]));
    for (const { i, year } of needOriginal) {
      const item = items[i];
      const key = matchKeyOf(item.title);
      const cands = [-1, 0, 1].flatMap((d) => this.originalByYear.get(year + d)?.get(key) ?? []);
      results[i] = pick(item, unique(cands)) ?? { status: 'unmatched', reason: NOT_FOUND };
    }
    return results as MatchResult[];
  }

  private async loadKeys(keys: string[]): Promise<void> {
    const missing = [...new Set(keys)].filter((k) => k !== '' && !this.byKey.has(k));
    for (let i = 0; i < missing.length; i += 500) {
      const chunk = missing.slice(i, i + 500);
      for (const k of chunk) this.byKey.set(k, []);
      for (const t of await repo.titlesByMatchKey(this.db, chunk)) this.byKey.get(t.matchKey ?? '')?.push(t);
    }
  }

  private async loadOriginalYears(years: number[]): Promise<void> {
    const missing = [...new Set(years)].filter((y) => !this.originalByYear.has(y));
    if (missing.length === 0) return;
    for (const y of missing) this.originalByYear.set(y, new Map());
    for (const t of await repo.titlesWithOriginalTitle(this.db, missing)) {
      const byKey = this.originalByYear.get(t.startYear ?? 0);
      if (!byKey || !t.originalTitle) continue;
      const key = matchKeyOf(t.originalTitle);
      byKey.set(key, [...(byKey.get(key) ?? []), t]);
    }
  }
}

function unique(rows: repo.TitleMatchRow[]): repo.TitleMatchRow[] {
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}

/** One title among these for the item, several (ambiguous), or null when none fits its year. */
function pick(item: ImportItem, all: repo.TitleMatchRow[]): MatchResult | null {
  const ofKind = item.type ? all.filter((t) => t.titleType === item.type) : all;
  const cands = ofKind.length > 0 ? ofKind : all;
  const choose = (rows: repo.TitleMatchRow[]): MatchResult | null =>
    rows.length === 1 ? { status: 'matched', titleId: rows[0].id } : rows.length > 1 ? { status: 'ambiguous', candidates: rows.map((r) => r.id).sort() } : null;
  const year = item.year;
  if (year === null) return choose(cands);
  const exact = cands.filter((t) => t.startYear === year);
  return choose(exact) ?? choose(cands.filter((t) => t.startYear !== null && Math.abs(t.startYear - year) <= 1));
}
