import { FOR_YOU_SIZE, type ForYou, type MediaSearchResult } from '../../../../common/contracts/titles.ts';
import * as repo from './titles.repository.ts';
import { cachedCards, type TitlesContext } from './titles.shared.ts';

/** A favourite genre weighs this much; each top title adds 1 to each of its genres. */
const FAVOURITE_WEIGHT = 3;
/** The row is built from this many of the person's strongest genres. */
const GENRES_USED = 3;
/** Candidates read per genre, in popularity order, before the titles the person already knows are left out. */
const PER_GENRE = 60;

function parseList(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Home's "For you": the person's strongest genres (favourite genres weigh FAVOURITE_WEIGHT, each genre of a top title
 * 1), the most popular titles of each from the search index, ranked by how much of the person's taste a title
 * carries (the weights of its genres), then popularity. Titles they chose as top titles, rated or keep on the
 * watchlist are left out. Four reads: the onboarding choices, the titles touched, the top titles' cards (cache port),
 * the candidates' cards (cache port); the candidates come from the in-memory index.
 */
export class TitleForYou {
  constructor(private readonly ctx: TitlesContext) {}

  async forUser(userId: string): Promise<ForYou> {
    const { database, cache, index } = this.ctx;
    const [choices, touched] = await Promise.all([repo.onboardingChoicesOf(database.db, userId), repo.titlesTouchedBy(database.db, userId)]);
    const favourites = parseList(choices?.favouriteGenres);
    const top = [...parseList(choices?.topMovies), ...parseList(choices?.topShows)];
    const weights = new Map<string, number>();
    const known = new Set(index.genres.names.map((g) => g.toLowerCase()));
    const add = (genre: string, w: number) => {
      const key = genre.trim();
      if (!known.has(key.toLowerCase())) return;
      const name = index.genres.names.find((g) => g.toLowerCase() === key.toLowerCase()) ?? key;
      weights.set(name, (weights.get(name) ?? 0) + w);
    };
    for (const g of favourites) add(g, FAVOURITE_WEIGHT);
    if (top.length) for (const card of (await cachedCards(database, cache, top)).values()) for (const g of card.genres) add(g, 1);
    const genres = [...weights.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([g]) => g);
    if (genres.length === 0) return { genres: [], results: [] };

    const skip = new Set([...touched, ...top]);
    // Candidates: each strong genre's most popular titles; a title's place among them is its popularity.
    const rankOf = new Map<string, number>();
    for (const genre of genres.slice(0, GENRES_USED)) {
      const { mask } = index.genreMask([genre]);
      const { ids } = index.browse({ genreMask: mask }, 'popularity', 0, PER_GENRE);
      ids.forEach((id, i) => {
        if (!skip.has(id)) rankOf.set(id, Math.min(rankOf.get(id) ?? i, i));
      });
    }
    const cards = await cachedCards(database, cache, [...rankOf.keys()]);
    const taste = (card: MediaSearchResult) => card.genres.reduce((sum, g) => sum + (weights.get(g) ?? 0), 0);
    const results = [...cards.values()]
      // Taste first, but a title far down its genre's popularity list gives way to a better known one of a near taste.
      .map((card) => ({ card, score: taste(card) - (rankOf.get(card.id) ?? PER_GENRE) / 20 }))
      .sort((a, b) => b.score - a.score || a.card.id.localeCompare(b.card.id))
      .slice(0, FOR_YOU_SIZE)
      .map((c) => c.card);
    return { genres: genres.slice(0, GENRES_USED), results };
  }
}
