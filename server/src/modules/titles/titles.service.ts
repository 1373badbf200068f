import type { FastifyBaseLogger } from 'fastify';
import type { MediaSearchResult } from '../../../../common/contracts/titles.ts';
import type { Database } from '../../db/database.ts';
import type { Cache } from '../../lib/cache/cache.ts';
import { TitleSearchIndex } from '../../search/index.ts';
import { TitleDirectory } from './titles.directory.ts';
import { TitleForYou } from './titles.for-you.ts';
import { TitleHome } from './titles.home.ts';
import { TitleIndexSync } from './titles.index-sync.ts';
import { TitlePages } from './titles.page.ts';
import { TitleSearch } from './titles.search.ts';
import { cardsFor, type TitlesContext } from './titles.shared.ts';
import { TitleViews } from './titles.views.ts';

export { recordTitleActivity } from './titles.views.ts';

/**
 * Discovery, made of parts that each do one job: the search index kept in step with the catalogue (indexSync),
 * search, the directory, title pages, the home sections, and title views.
 */
export class TitlesService {
  readonly index = new TitleSearchIndex();
  readonly indexSync: TitleIndexSync;
  readonly search: TitleSearch;
  readonly directory: TitleDirectory;
  readonly pages: TitlePages;
  readonly home: TitleHome;
  readonly forYou: TitleForYou;
  readonly views: TitleViews;
  private readonly database: Database;

  constructor(database: Database, cache: Cache, log: FastifyBaseLogger) {
    const ctx: TitlesContext = { database, index: this.index, cache, log };
    this.database = database;
    this.indexSync = new TitleIndexSync(ctx);
    this.search = new TitleSearch(ctx);
    this.directory = new TitleDirectory(ctx);
    this.pages = new TitlePages(ctx);
    this.home = new TitleHome(ctx);
    this.forYou = new TitleForYou(ctx);
    this.views = new TitleViews(database, log);
  }

  /** Picks up catalogue changes now (importers, tools and tests call this after writing titles). */
  sync(): Promise<void> {
    return this.indexSync.sync();
  }

  /** Writes the title views counted so far. */
  flushViews(): Promise<void> {
    return this.views.flush();
  }

  /** Presented cards of the given titles, in order. */
  cardsFor(ids: string[]): Promise<MediaSearchResult[]> {
    return cardsFor(this.database, ids);
  }

  async start(): Promise<void> {
    await this.indexSync.rebuild();
    this.indexSync.start();
    this.views.start();
  }

  async stop(): Promise<void> {
    await this.indexSync.stop();
    await this.views.stop();
  }
}
