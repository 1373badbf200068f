import type { MediaSearchResult, PopularSearch, SearchResultsPage, TitleType } from '../../../../common/contracts/titles.ts';
import { badRequest, notFound } from '../../lib/http/errors.ts';
import { normalizeText, searchQueryKey } from '../../search/index.ts';
import * as repo from './titles.repository.ts';
import { cardsFor, dayOf, daysAgo, NS, PAGE_SIZE, SUGGESTION_LIMIT, type TitlesContext } from './titles.shared.ts';

/** How far down a query's results (of the clicked title's type) a recorded search click may be: twice the suggestions. */
export const SEARCH_CLICK_DEPTH = 2 * SUGGESTION_LIMIT;
/** Search answers change only with the catalogue (which invalidates them). */
const SEARCH_TTL_MS = 300_000;
/** Popular searches are invalidated by every click; this bounds how long a cached list is kept otherwise. */
export const POPULAR_SEARCHES_TTL_MS = 30_000;
/** The empty search box's lists change only with the catalogue. */
export const POPULAR_TTL_MS = 300_000;

/**
 * A search answer's key: the query as the index reads it (case, accents, punctuation and spacing folded, so "The
 * Godfather" and "the  godfather" share one answer), and whether its last word is still being typed.
 */
function queryKey(input: string): string {
  return `${/\s$/.test(input) ? 'w' : 'p'}|${normalizeText(input)}`;
}

/** The search box, the search page, search clicks and the lists of the empty search box. */
export class TitleSearch {
  constructor(private readonly ctx: TitlesContext) {}

  /** Search-box suggestions: up to SUGGESTION_LIMIT titles. */
  suggest(input: string, type: TitleType | null): Promise<MediaSearchResult[]> {
    if (normalizeText(input) === '') return Promise.resolve([]);
    return this.ctx.cache.getOrLoad(NS.search, `s|${type ?? ''}|${queryKey(input)}`, SEARCH_TTL_MS, () =>
      cardsFor(this.ctx.database, this.ctx.index.search(input, { type, limit: SUGGESTION_LIMIT }).ids),
    );
  }

  /** A page of full search results. */
  searchPage(input: string, type: TitleType | null, page: number): Promise<SearchResultsPage> {
    if (normalizeText(input) === '') return Promise.resolve({ results: [], page, pageSize: PAGE_SIZE, hasMore: false, match: 'none' });
    return this.ctx.cache.getOrLoad(NS.search, `p|${type ?? ''}|${page}|${queryKey(input)}`, SEARCH_TTL_MS, async () => {
      const { ids, hasMore, match } = this.ctx.index.search(input, { type, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
      return { results: await cardsFor(this.ctx.database, ids), page, pageSize: PAGE_SIZE, hasMore, match };
    });
  }

  /**
   * Counts a click from a search's suggestions, once per person (`clicker`) a day for popular searches. Only a real
   * pair counts: the title must be among the query's first SEARCH_CLICK_DEPTH results of its own type (the
   * suggestions, of either type or of one, are always among those), so nobody can put words of their own into
   * everyone's popular searches.
   */
  async recordSearchClick(query: string, titleId: string, clicker: string): Promise<void> {
    const { database, index, cache } = this.ctx;
    const [title] = await repo.findCardRows(database.db, [titleId]);
    if (!title) throw notFound(`titleId: no title with id ${titleId}.`, 'title_not_found');
    if (!index.search(query, { type: title.titleType, limit: SEARCH_CLICK_DEPTH }).ids.includes(titleId)) {
      throw badRequest(`titleId: ${titleId} is not among the results for this query.`, 'not_a_search_result');
    }
    const day = dayOf(new Date());
    await repo.addSearchQueryClicker(database.db, day, searchQueryKey(query), clicker);
    await repo.addActivityCounts(database.db, [{ day, titleId, kind: 'search_click', count: 1 }]);
    await cache.invalidate(NS.popularSearches);
  }

  /** The 10 searches most people clicked from in the last 7 days, topped up with the most popular titles (count 0). */
  popularSearches(): Promise<PopularSearch[]> {
    return this.ctx.cache.getOrLoad(NS.popularSearches, 'top', POPULAR_SEARCHES_TTL_MS, async () => {
      const out = await repo.listPopularSearches(this.ctx.database, daysAgo(6), 10);
      if (out.length < 10) {
        const seen = new Set(out.map((s) => s.query.toLowerCase()));
        const { ids } = this.ctx.index.browse({}, 'popularity', 0, 20);
        for (const card of await cardsFor(this.ctx.database, ids)) {
          if (out.length >= 10) break;
          if (seen.has(card.title.toLowerCase())) continue;
          seen.add(card.title.toLowerCase());
          out.push({ query: card.title, count: 0 });
        }
      }
      return out;
    });
  }

  /** The most popular titles of a type (the empty search box). */
  popular(type: TitleType): Promise<MediaSearchResult[]> {
    return this.ctx.cache.getOrLoad(NS.popular, type, POPULAR_TTL_MS, () =>
      cardsFor(this.ctx.database, this.ctx.index.browse({ type }, 'popularity', 0, SUGGESTION_LIMIT).ids),
    );
  }
}
