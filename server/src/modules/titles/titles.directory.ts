import { DEFAULT_WATCH_COUNTRY } from '../../../../common/contracts/providers.ts';
import type { DirectorySort, MediaSearchPage, TitleType } from '../../../../common/contracts/titles.ts';
import { MOVIE_PRESETS, SHOW_PRESETS } from '../../../../common/contracts/titles.ts';
import { badRequest, notFound } from '../../lib/http/errors.ts';
import type { BrowseFilter } from '../../search/index.ts';
import * as repo from './titles.repository.ts';
import { cardsFor, dayOf, NS, PAGE_SIZE, type TitlesContext } from './titles.shared.ts';

/** Directory pages and presets change only with the catalogue (which invalidates them); kept five minutes at most. */
export const DIRECTORY_TTL_MS = 300_000;
/** Genre counts change only with the catalogue. */
export const GENRES_TTL_MS = 600_000;
const TOP_LIST = 20;

export interface DirectoryQuery {
  genre?: string;
  yearFrom?: number;
  yearTo?: number;
  ratingMin?: number;
  votesMin?: number;
  sort: DirectorySort;
  page: number;
  /** A streaming service's titles only, in a country (US when absent). */
  service?: string;
  country?: string;
}

/** Browsing: genres, the directory's filters, presets, titles by genres. */
export class TitleDirectory {
  constructor(private readonly ctx: TitlesContext) {}

  genres(type: TitleType | null): Promise<{ name: string; count: number }[]> {
    return this.ctx.cache.getOrLoad(NS.genres, String(type), GENRES_TTL_MS, async () => this.ctx.index.genreCounts(type));
  }

  searchByGenres(genreNames: string[], type: TitleType | null, page: number): Promise<MediaSearchPage> {
    const genreMask = this.genreMaskOrThrow(genreNames, 'genreNames');
    return this.page({ type, genreMask }, 'popularity', page, genreNames);
  }

  async filters(type: TitleType, q: DirectoryQuery): Promise<MediaSearchPage> {
    const names = q.genre ? q.genre.split(',').map((g) => g.trim()).filter(Boolean) : [];
    const genreMask = names.length ? this.genreMaskOrThrow(names, 'genre') : 0;
    const service = q.service ? { service: q.service, country: q.country ?? DEFAULT_WATCH_COUNTRY } : undefined;
    const onlyIds = service ? await this.serviceTitles(service.service, service.country) : undefined;
    return this.page({ type, genreMask, yearFrom: q.yearFrom, yearTo: q.yearTo, ratingMin: q.ratingMin, votesMin: q.votesMin, onlyIds }, q.sort, q.page, names, service);
  }

  /** The titles a service carries in a country (indexed: title_providers_service_idx), kept with the directory's pages. */
  private async serviceTitles(service: string, country: string): Promise<ReadonlySet<string>> {
    const ids = await this.ctx.cache.getOrLoad(NS.directory, `service:${service}:${country}`, DIRECTORY_TTL_MS, () => repo.titlesOnService(this.ctx.database.db, service, country));
    return new Set(ids);
  }

  async preset(type: TitleType, name: string, q: { genre?: string; page: number }): Promise<MediaSearchPage> {
    const known: readonly string[] = type === 'movie' ? MOVIE_PRESETS : SHOW_PRESETS;
    if (!known.includes(name)) {
      throw notFound(`presetName: unknown preset "${name.slice(0, 40)}". ${type === 'movie' ? 'Movie' : 'TV'} presets: ${known.join(', ')}.`, 'unknown_preset');
    }
    const top20 = (load: () => Promise<string[]>): Promise<MediaSearchPage> =>
      q.page > 1
        ? Promise.resolve({ results: [], page: q.page, pageSize: TOP_LIST, hasMore: false })
        : this.cached(`preset:${type}:${name}`, async () => ({ results: await cardsFor(this.ctx.database, await load()), page: 1, pageSize: TOP_LIST, hasMore: false }));
    switch (name) {
      case 'box-office':
        return top20(() => repo.listTopGrossing(this.ctx.database.db, TOP_LIST));
      case 'top-rated':
      case 'ratings':
        return top20(async () => this.ctx.index.browse({ type }, 'rating', 0, TOP_LIST).ids);
      case 'popular':
        return this.page({ type }, 'popularity', q.page);
      case 'coming-soon': {
        const today = dayOf(new Date());
        return this.cached(`coming-soon:${type}:${today}:${q.page}`, async () => {
          const ids = await repo.listComingSoon(this.ctx.database.db, type, today, (q.page - 1) * PAGE_SIZE, PAGE_SIZE + 1);
          return { results: await cardsFor(this.ctx.database, ids.slice(0, PAGE_SIZE)), page: q.page, pageSize: PAGE_SIZE, hasMore: ids.length > PAGE_SIZE };
        });
      }
      default: {
        if (!q.genre) throw badRequest('genre: is required for the by-genre preset.', 'validation_error');
        const genreMask = this.genreMaskOrThrow([q.genre], 'genre');
        return this.page({ type, genreMask }, 'popularity', q.page, [q.genre]);
      }
    }
  }

  private genreMaskOrThrow(names: string[], field: string): number {
    const { mask, unknown } = this.ctx.index.genreMask(names);
    if (unknown.length) {
      throw badRequest(`${field}: unknown genre "${unknown[0]}". Known genres: ${this.ctx.index.genres.names.join(', ')}.`, 'unknown_genre');
    }
    return mask;
  }

  private cached(key: string, load: () => Promise<MediaSearchPage>): Promise<MediaSearchPage> {
    return this.ctx.cache.getOrLoad(NS.directory, key, DIRECTORY_TTL_MS, load);
  }

  /**
   * A page of the titles a filter lets through, in a browse order. Cached by the genres' names (`genres`), not the
   * filter's mask: each process numbers genres in the order it meets them.
   */
  private page(filter: BrowseFilter, sort: DirectorySort, page: number, genres: readonly string[] = [], service?: { service: string; country: string }): Promise<MediaSearchPage> {
    const f = filter;
    const names = [...new Set(genres.map((g) => g.trim().toLowerCase()))].sort().join(',');
    const on = service ? `${service.service}@${service.country}` : '';
    const key = [f.type ?? '', names, f.yearFrom ?? '', f.yearTo ?? '', f.ratingMin ?? '', f.votesMin ?? '', sort, page, on].join(':');
    return this.cached(key, async () => {
      const { ids, hasMore } = this.ctx.index.browse(filter, sort, (page - 1) * PAGE_SIZE, PAGE_SIZE);
      return { results: await cardsFor(this.ctx.database, ids), page, pageSize: PAGE_SIZE, hasMore };
    });
  }
}
