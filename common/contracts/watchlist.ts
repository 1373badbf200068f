import { z } from 'zod';
import { text } from './text.ts';
import { MediaSearchResultSchema, TitleIdSchema, TitleTypeSchema } from './titles.ts';

/** Titles per page of a watchlist. */
export const WATCHLIST_PAGE_SIZE = 20;
/** The furthest page by number; further on, follow `nextCursor`. */
export const WATCHLIST_PAGE_MAX = 500;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const PAGE_MESSAGE = `must be a whole number from 1 to ${WATCHLIST_PAGE_MAX}`;

export const WatchlistQuerySchema = z.object({
  /** Only movies or only series; absent or blank for both. */
  type: z.preprocess(blankToUndefined, TitleTypeSchema.optional()),
  /** A page number written plainly (1, 2, ...). */
  page: z.preprocess(
    blankToUndefined,
    text({ error: PAGE_MESSAGE })
      .regex(/^[0-9]{1,4}$/, PAGE_MESSAGE)
      .transform(Number)
      .pipe(z.number().min(1, PAGE_MESSAGE).max(WATCHLIST_PAGE_MAX, PAGE_MESSAGE))
      .optional(),
  ),
  /** The `nextCursor` of the previous page: the page after it, whatever was added or removed meanwhile. */
  startAfter: z.preprocess(
    blankToUndefined,
    text({ error: 'must be a cursor from nextCursor' })
      .max(120, 'must be a cursor from nextCursor')
      .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor from nextCursor')
      .optional(),
  ),
});
export type WatchlistQuery = z.infer<typeof WatchlistQuerySchema>;

/** A title on the watchlist: its card, and when it was added. */
export const WatchlistItemSchema = MediaSearchResultSchema.extend({
  /** ISO 8601. */
  addedAt: z.string(),
});
export type WatchlistItem = z.infer<typeof WatchlistItemSchema>;

export const WatchlistPageSchema = z.object({
  results: z.array(WatchlistItemSchema),
  /** The page number asked for; null when the page was asked for by `startAfter`. */
  page: z.number().int().nullable(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  /** Pass as `startAfter` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Titles on the watchlist in all (of the asked type). */
  total: z.number().int(),
});
export type WatchlistPage = z.infer<typeof WatchlistPageSchema>;

export const AddToWatchlistRequestSchema = z.object({ titleId: TitleIdSchema });
export type AddToWatchlistRequest = z.infer<typeof AddToWatchlistRequestSchema>;

export const WatchlistParamsSchema = z.object({ titleId: TitleIdSchema });

/** The answer to adding or removing: where the title stands now, and whether this call changed it. */
export const WatchlistChangeSchema = z.object({
  titleId: z.string(),
  /** The title's name, for the '{title} added' and '{title} removed' toasts. */
  title: z.string(),
  onWatchlist: z.boolean(),
  changed: z.boolean(),
});
export type WatchlistChange = z.infer<typeof WatchlistChangeSchema>;

/** At most this many titles asked about at once (a page of cards or search results). */
export const WATCHLIST_CONTAINS_MAX = 100;

/** Which of these titles are on the reader's watchlist: for the add/remove state of cards and search results. */
export const WatchlistContainsRequestSchema = z.object({
  titleIds: z
    .array(TitleIdSchema, { error: 'must be a list of title ids' })
    .max(WATCHLIST_CONTAINS_MAX, `must hold at most ${WATCHLIST_CONTAINS_MAX} title ids`),
});
export type WatchlistContainsRequest = z.infer<typeof WatchlistContainsRequestSchema>;
export const WatchlistContainsSchema = z.object({ titleIds: z.array(z.string()) });
