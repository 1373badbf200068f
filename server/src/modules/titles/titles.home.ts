import type { HomeMediaItem, TitleType } from '../../../../common/contracts/titles.ts';
import { presentHomeItem } from './titles.presenter.ts';
import * as repo from './titles.repository.ts';
import { daysAgo, NS, type TitlesContext } from './titles.shared.ts';

/** Home sections change with what people do, read at most once a minute. */
export const HOME_TTL_MS = 60_000;

/** The home page's sections: the carousel and the weekly popular lists. */
export class TitleHome {
  constructor(private readonly ctx: TitlesContext) {}

  /** The 10 most popular movies, then the 10 most popular TV series. */
  carousel(): Promise<HomeMediaItem[]> {
    return this.ctx.cache.getOrLoad(NS.home, 'carousel', HOME_TTL_MS, async () => {
      const { index } = this.ctx;
      const movies = index.browse({ type: 'movie' }, 'popularity', 0, 10).ids;
      const shows = index.browse({ type: 'tvSeries' }, 'popularity', 0, 10).ids;
      return this.items([...movies, ...shows], (isSeries) => (isSeries ? 'Top TV Shows' : 'Top Movies'));
    });
  }

  /** Ranked by what people did in the last 7 days, topped up by catalogue popularity. */
  weeklyPopular(type: TitleType, limit: number): Promise<HomeMediaItem[]> {
    return this.ctx.cache.getOrLoad(NS.home, `weekly:${type}:${limit}`, HOME_TTL_MS, async () => {
      const ranked = await repo.listWeeklyRanking(this.ctx.database, type, daysAgo(6), limit);
      if (ranked.length < limit) {
        const seen = new Set(ranked);
        for (const id of this.ctx.index.browse({ type }, 'popularity', 0, limit * 2).ids) {
          if (ranked.length >= limit) break;
          if (!seen.has(id)) ranked.push(id);
        }
      }
      return this.items(ranked, (isSeries) => (isSeries ? 'TV SHOW' : 'MOVIE'));
    });
  }

  private async items(ids: string[], tagOf: (isSeries: boolean) => string): Promise<HomeMediaItem[]> {
    const rows = await repo.findHomeRows(this.ctx.database.db, ids);
    return rows.map((r) => presentHomeItem(r, tagOf(r.titleType === 'tvSeries')));
  }
}
