import type { FastifyBaseLogger } from 'fastify';
import type { MediaSearchResult } from '../../../../common/contracts/titles.ts';
import type { Database } from '../../db/database.ts';
import type { Cache } from '../../lib/cache/cache.ts';
import type { TitleSearchIndex } from '../../search/index.ts';
import { presentCard } from './titles.presenter.ts';
import * as repo from './titles.repository.ts';

/** What every part of discovery works with. */
export interface TitlesContext {
  database: Database;
  /** The search index: ids of titles matching a query or a filter, most relevant first. */
  index: TitleSearchIndex;
  /** Answers that are the same for everyone, shared by every process when Redis is configured. */
  cache: Cache;
  log: FastifyBaseLogger;
}

/** The cache namespaces of discovery's answers. */
export const NS = {
  pages: 'title-pages',
  similar: 'similar-titles',
  home: 'home',
  directory: 'directory',
  popular: 'popular-lists',
  genres: 'genres',
  search: 'search',
  popularSearches: 'popular-searches',
  cards: 'title-cards',
} as const;

/** Every namespace whose answers are read from the catalogue: invalidated when titles change. */
export const CATALOGUE_NAMESPACES: readonly string[] = Object.values(NS);

export const PAGE_SIZE = 20;
export const SUGGESTION_LIMIT = 10;

export function dayOf(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function daysAgo(n: number, now = new Date()): string {
  return dayOf(new Date(now.getTime() - n * 86_400_000));
}

/** Presented cards of the given titles, in order (titles no longer in the database are left out): one query. */
export async function cardsFor(database: Database, ids: readonly string[]): Promise<MediaSearchResult[]> {
  return (await repo.findCardRows(database.db, ids)).map(presentCard);
}

/** How long a title's card is kept (a catalogue change drops them all at once, see CATALOGUE_NAMESPACES). */
const CARD_TTL_MS = 10 * 60_000;

/**
 * Presented cards of the given titles by id, from the cache port (a card is the same for everyone); those not kept
 * are read in one query and kept. Titles no longer in the database are missing from the map.
 */
export async function cachedCards(database: Database, cache: Cache, ids: readonly string[]): Promise<Map<string, MediaSearchResult>> {
  const cards = new Map<string, MediaSearchResult>();
  const kept = await Promise.all(ids.map((id) => cache.get<MediaSearchResult>(NS.cards, id)));
  const missing: string[] = [];
  ids.forEach((id, i) => {
    const card = kept[i];
    if (card) cards.set(id, card);
    else missing.push(id);
  });
  if (missing.length === 0) return cards;
  const loaded = await cardsFor(database, missing);
  await Promise.all(
    loaded.map((card) => {
      cards.set(card.id, card);
      return cache.set(NS.cards, card.id, card, CARD_TTL_MS);
    }),
  );
  return cards;
}
