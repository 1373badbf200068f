import { serviceName, type WatchProviders } from '../../../../common/contracts/providers.ts';
import type { Seasons, TitleDetails, TitleType } from '../../../../common/contracts/titles.ts';
import { notFound } from '../../lib/http/errors.ts';
import { genreList, presentDetails } from './titles.presenter.ts';
import * as repo from './titles.repository.ts';
import { cardsFor, NS, type TitlesContext } from './titles.shared.ts';

export const SIMILAR_LIMIT = 12;
/** The most episodes one answer lists (a daily show can have tens of thousands). */
export const EPISODES_MAX = 2000;
/** A title page as cached: the same for everyone (no personal state), so shared by every process. */
const PAGE_TTL_MS = 60_000;
/** A genre combination's most popular titles; changes only with the catalogue (which invalidates it). */
const SIMILAR_TTL_MS = 600_000;

/** The title page: details, cast and crew, and similar titles. */
export class TitlePages {
  constructor(private readonly ctx: TitlesContext) {}

  /** The page of a title of that type, else a 404. */
  async page(type: TitleType, id: string): Promise<TitleDetails> {
    const page = await this.ctx.cache.getOrLoad(NS.pages, `${type}:${id}`, PAGE_TTL_MS, () => this.load(type, id));
    if (!page) throw notFound(`No ${type === 'movie' ? 'movie' : 'TV series'} with id ${id}.`, 'title_not_found');
    return page;
  }

  /** Where to watch a title in a country: the services carrying it (the catalogue's JustWatch data and TMDB's). */
  async providers(type: TitleType, id: string, country: string): Promise<WatchProviders> {
    await this.page(type, id);
    const rows = await this.ctx.cache.getOrLoad(NS.pages, `providers:${id}:${country}`, PAGE_TTL_MS, () => repo.providersOf(this.ctx.database.db, id, country));
    return { titleId: id, country, providers: rows.map((r) => ({ provider: r.provider, name: serviceName(r.provider), url: r.url })) };
  }

  /** A series' episodes by season (IMDb's title.episode), else a 404 like its page. */
  async seasons(type: TitleType, id: string): Promise<Seasons> {
    await this.page(type, id);
    return this.ctx.cache.getOrLoad(NS.pages, `episodes:${id}`, PAGE_TTL_MS, async () => {
      const rows = type === 'tvSeries' ? await repo.episodesOf(this.ctx.database.db, id, EPISODES_MAX + 1) : [];
      const seasons: Seasons['seasons'] = [];
      for (const r of rows.slice(0, EPISODES_MAX)) {
        let last = seasons.at(-1);
        if (!last || last.season !== r.seasonNumber) {
          last = { season: r.seasonNumber, episodes: [] };
          seasons.push(last);
        }
        last.episodes.push({ id: r.id, episode: r.episodeNumber, title: r.title, year: r.startYear });
      }
      return { titleId: id, seasons, truncated: rows.length > EPISODES_MAX };
    });
  }

  private async load(type: TitleType, id: string): Promise<TitleDetails | undefined> {
    const found = await repo.findTitlePage(this.ctx.database.db, id);
    if (!found || found.row.titleType !== type) return undefined;
    const ids = (await this.similarOf(type, found.row.genres)).filter((other) => other !== id).slice(0, SIMILAR_LIMIT);
    const episodes = type === 'tvSeries' ? await repo.episodeSummaryOf(this.ctx.database.db, id) : undefined;
    return presentDetails(found.row, found.people, await cardsFor(this.ctx.database, ids), episodes);
  }

  /**
   * Same type, sharing all the title's genres (else its first one), most popular first: SIMILAR_LIMIT + 1 ids, so that
   * the title's own, when among them, can be left out. The same for every title of a genre combination.
   */
  private similarOf(type: TitleType, genresColumn: string): Promise<string[]> {
    return this.ctx.cache.getOrLoad(NS.similar, `${type}:${genresColumn}`, SIMILAR_TTL_MS, async () => {
      const { index } = this.ctx;
      const genres = genreList(genresColumn);
      const limit = SIMILAR_LIMIT + 1;
      const all = index.genreMask(genres).mask;
      const out = index.browse({ type, genreMask: all }, 'popularity', 0, limit).ids;
      if (out.length < limit && genres.length > 1) {
        const first = index.genreMask(genres.slice(0, 1)).mask;
        for (const more of index.browse({ type, genreMask: first }, 'popularity', 0, limit * 2).ids) {
          if (out.length >= limit) break;
          if (!out.includes(more)) out.push(more);
        }
      }
      return out;
    });
  }
}
