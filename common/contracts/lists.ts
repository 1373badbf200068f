import { z } from 'zod';
import { text } from './text.ts';
import { PageNumberSchema, TitleIdSchema, TitleTypeSchema } from './titles.ts';

/** Titles a list holds at most (spec 5: the lists variant of the search box selects up to 50). */
export const LIST_MAX_TITLES = 50;
/** Characters of a note on one title of a list. */
export const LIST_NOTE_MAX = 500;
export const LIST_NAME_MAX = 100;
export const LIST_DESCRIPTION_MAX = 1000;
export const LIST_GENRES_MAX = 10;
/** Posters a list card shows (spec 2; 4 in the compact view). */
export const LIST_CARD_TITLES = 5;
/** Lists per page of "mine". */
export const LISTS_PAGE_SIZE = 20;
/** Lists a person's recently viewed keeps, newest first. */
export const RECENTLY_VIEWED_MAX = 20;

/**
 * Spec 5: a list's type falls back to movies when it is neither movies nor tv series. Accepted as `tvSeries` (the
 * title type of spec 3) or as the words the lists state keeps ("tv series", "TV Shows", "series"), in any case;
 * anything else, or nothing, is `movie`.
 */
export function listTypeOf(value: unknown): 'movie' | 'tvSeries' {
  if (typeof value !== 'string') return 'movie';
  const key = value.toLowerCase().replace(/[^a-z]/g, '');
  return ['tvseries', 'tvshow', 'tvshows', 'series', 'show', 'shows', 'tv'].includes(key) ? 'tvSeries' : 'movie';
}

const GenreNameSchema = text({ error: 'must be a genre name' })
  .trim()
  .min(1, 'must be a genre name')
  .max(40, 'must be a genre name of at most 40 characters');

export const ListItemInputSchema = z.object({
  titleId: TitleIdSchema,
  note: text({ error: 'must be text' })
    .trim()
    .max(LIST_NOTE_MAX, `must be at most ${LIST_NOTE_MAX} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});

/** Create and edit: the whole list, titles in the owner's order. Editing replaces every field. */
export const ListInputSchema = z.object({
  name: text({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(LIST_NAME_MAX, `must be at most ${LIST_NAME_MAX} characters`),
  /** movie or tvSeries; anything else falls back to movie (spec 5). */
  type: z
    .unknown()
    .optional()
    .transform((v) => listTypeOf(v)),
  /** Genre names, or objects with a name as the lists state keeps them; repeats are dropped. */
  genres: z
    .array(z.union([GenreNameSchema, z.object({ name: GenreNameSchema }).transform((g) => g.name)]), { error: 'must be a list of genres' })
    .max(LIST_GENRES_MAX, `must hold at most ${LIST_GENRES_MAX} genres`)
    .default([])
    .transform((gs) => gs.filter((g, i) => gs.findIndex((h) => h.toLowerCase() === g.toLowerCase()) === i)),
  description: text({ error: 'must be text' })
    .trim()
    .max(LIST_DESCRIPTION_MAX, `must be at most ${LIST_DESCRIPTION_MAX} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  /** Public lists are seen by everyone; a private list only by its owner (404 to anyone else). Public when absent. */
  visibility: z.enum(['public', 'private'], { error: 'must be public or private' }).default('public'),
  contentList: z
    .array(ListItemInputSchema, { error: 'must be a list of titles' })
    .max(LIST_MAX_TITLES, `must hold at most ${LIST_MAX_TITLES} titles`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.titleId)) ctx.addIssue({ code: 'custom', path: [i, 'titleId'], message: 'is already in the list' });
        seen.add(item.titleId);
      });
    }),
});
export type ListInput = z.input<typeof ListInputSchema>;
export type ListInputParsed = z.output<typeof ListInputSchema>;

export const ListIdSchema = text({ error: 'must be a list id' }).regex(/^[0-9a-f-]{36}$/i, 'must be a list id');
export const ListParamsSchema = z.object({ listId: ListIdSchema });

/** Spec 3 "List" contentList entry: a title of the list, in the owner's order, with their note. */
export const ListTitleSchema = z.object({
  titleId: z.string(),
  title: z.string(),
  /** Poster URL, or null: draw the placeholder from title and year. */
  primaryImage: z.string().nullable(),
  type: TitleTypeSchema,
  year: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type ListTitle = z.infer<typeof ListTitleSchema>;

export const ListOwnerSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  imageUrl: z.string().nullable(),
});

/**
 * A list as cards show it (spec 2 and 3): `contentList` holds only its first five titles (the card's posters);
 * `titleCount` is how many it holds in all. The same for every reader: nothing in it depends on who asks.
 */
export const ListSummarySchema = z.object({
  listId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: TitleTypeSchema,
  genres: z.array(z.object({ name: z.string() })),
  visibility: z.enum(['public', 'private']),
  contentList: z.array(ListTitleSchema),
  titleCount: z.number().int(),
  ownerProfile: ListOwnerSchema,
  likeCount: z.number().int(),
  viewCount: z.number().int(),
  /** ISO 8601: the last create or edit. */
  lastUpdated: z.string(),
  createdAt: z.string(),
});
export type ListSummary = z.infer<typeof ListSummarySchema>;

/** A whole list, for its page and its edit screen: every title, and what the reader may do. */
export const ListDetailsSchema = ListSummarySchema.extend({
  likedByMe: z.boolean(),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean(), like: z.boolean() }),
});
export type ListDetails = z.infer<typeof ListDetailsSchema>;

export const MyListsQuerySchema = z.object({
  page: PageNumberSchema,
  /** Someone else's lists (their public ones only); the reader's own when absent. */
  userId: z.preprocess((v) => (v === '' ? undefined : v), text({ error: 'must be a user id' }).max(64, 'must be a user id').optional()),
  /** With a title id: the answer also says which of the lists on the page hold that title (`holdingTitle`). */
  titleId: z.preprocess((v) => (v === '' ? undefined : v), TitleIdSchema.optional()),
});
export const ListsPageSchema = z.object({
  results: z.array(ListSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  total: z.number().int(),
  /** Only when asked with `?titleId=`: the ids of the lists on this page that hold that title. */
  holdingTitle: z.array(z.string()).optional(),
});
export type ListsPage = z.infer<typeof ListsPageSchema>;

export const ListViewSchema = z.object({ listId: z.string(), counted: z.boolean(), viewCount: z.number().int() });
/** POST /api/lists/liked: which of these lists the reader liked (the cards' like buttons; cards are the same for all). */
export const LikedListsRequestSchema = z.object({
  listIds: z.array(ListIdSchema, { error: 'must be a list of list ids' }).max(100, 'must hold at most 100 ids'),
});
export const LikedListsSchema = z.object({ liked: z.array(z.string()) });
export const ListLikeStateSchema = z.object({ listId: z.string(), likedByMe: z.boolean(), likeCount: z.number().int(), changed: z.boolean() });
export const ListDeletedSchema = z.object({ listId: z.string(), deleted: z.literal(true) });
export const RecentlyViewedClearedSchema = z.object({ cleared: z.number().int() });

/** Add one title at the end of one's own list: `{ titleId, note? }`. */
export const ListAddTitleInputSchema = ListItemInputSchema;
export type ListAddTitleInput = z.input<typeof ListAddTitleInputSchema>;
/** The list after adding a title; `added` is false when it already held the title (nothing changed). */
export const ListAddTitleResultSchema = ListSummarySchema.extend({ added: z.boolean() });
export type ListAddTitleResult = z.infer<typeof ListAddTitleResultSchema>;
/** What a person is told when a list already holds LIST_MAX_TITLES titles (spec 5). */
export const LIST_FULL_MESSAGE = `Oops! select only ${LIST_MAX_TITLES} options`;
