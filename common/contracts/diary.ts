import { z } from 'zod';
import { text } from './text.ts';
import { MediaSearchResultSchema, TitleIdSchema } from './titles.ts';

/** The first and last years a diary takes (a film watched before 1900 is a typing slip). */
export const DIARY_YEAR_MIN = 1900;
export const DIARY_YEAR_MAX = 2100;
/** At most this many titles asked about at once (a page of cards). */
export const DIARY_CONTAINS_MAX = 100;

const DATE_MESSAGE = 'must be a date, YYYY-MM-DD';
/** A calendar day, YYYY-MM-DD, that exists (no 31 April). */
export const DiaryDateSchema = text({ error: DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, DATE_MESSAGE)
  .refine((s) => Number(s.slice(0, 4)) >= DIARY_YEAR_MIN && Number(s.slice(0, 4)) <= DIARY_YEAR_MAX, `must be a date from ${DIARY_YEAR_MIN} to ${DIARY_YEAR_MAX}`);

export const LogWatchRequestSchema = z.object({
  titleId: TitleIdSchema,
  /** The day watched; today (the server's UTC day) when absent. A day later than tomorrow is refused. */
  watchedOn: DiaryDateSchema.optional(),
});
export type LogWatchRequest = z.infer<typeof LogWatchRequestSchema>;

const MONTH_MESSAGE = 'must be a month, YYYY-MM';
export const DiaryMonthQuerySchema = z.object({
  /** The month shown; the current month when absent. */
  month: text({ error: MONTH_MESSAGE })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE)
    .refine((s) => Number(s.slice(0, 4)) >= DIARY_YEAR_MIN && Number(s.slice(0, 4)) <= DIARY_YEAR_MAX, MONTH_MESSAGE)
    .optional(),
});

export const DiaryEntryParamsSchema = z.object({ id: text({ error: 'must be an entry id' }).max(64, 'must be an entry id').regex(/^[A-Za-z0-9-]+$/, 'must be an entry id') });
export const DiaryTitleParamsSchema = z.object({ titleId: TitleIdSchema });
export const DiaryPersonParamsSchema = z.object({
  userId: text({ error: 'must be a person id' }).max(128, 'must be a person id').regex(/^[A-Za-z0-9_-]+$/, 'must be a person id'),
});
const YEAR_MESSAGE = `must be a year from ${DIARY_YEAR_MIN} to ${DIARY_YEAR_MAX}`;
export const DiaryYearParamsSchema = z.object({
  year: text({ error: YEAR_MESSAGE })
    .regex(/^\d{4}$/, YEAR_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(DIARY_YEAR_MIN, YEAR_MESSAGE).max(DIARY_YEAR_MAX, YEAR_MESSAGE)),
});

/** One day's watch of a title. */
export const DiaryEntrySchema = z.object({
  id: z.string(),
  /** YYYY-MM-DD. */
  watchedOn: z.string(),
  /** Watched before (an earlier entry of the same title). */
  rewatch: z.boolean(),
  /** The person's rating of the title now (1 to 10), null when unrated. */
  rating: z.number().int().nullable(),
  title: MediaSearchResultSchema,
});
export type DiaryEntry = z.infer<typeof DiaryEntrySchema>;

/** The answer to logging: the entry, and whether this call wrote it (false: that day was already logged). */
export const LogWatchResultSchema = z.object({ entry: DiaryEntrySchema, changed: z.boolean() });
export type LogWatchResult = z.infer<typeof LogWatchResultSchema>;

export const DiaryMonthSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  /** Newest day first. */
  entries: z.array(DiaryEntrySchema),
  /** Every month with entries, newest first, with how many: the diary's navigation. */
  months: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type DiaryMonth = z.infer<typeof DiaryMonthSchema>;

/** Whether the reader watched a title: for the title page's Watched state. */
export const TitleWatchedSchema = z.object({
  titleId: z.string(),
  watched: z.boolean(),
  /** Entries of this title in the diary. */
  count: z.number().int(),
  /** The latest entry (its id undoes it), or null. */
  latest: z.object({ id: z.string(), watchedOn: z.string() }).nullable(),
  /** Marked watched without a day (an imported Letterboxd watched.csv): watched, with no entry to undo. */
  undated: z.boolean(),
  /** Liked (an imported Letterboxd like). */
  liked: z.boolean(),
});
export type TitleWatched = z.infer<typeof TitleWatchedSchema>;

export const DiaryContainsRequestSchema = z.object({
  titleIds: z
    .array(TitleIdSchema, { error: 'must be a list of title ids' })
    .max(DIARY_CONTAINS_MAX, `must hold at most ${DIARY_CONTAINS_MAX} title ids`),
});
export const DiaryContainsSchema = z.object({ titleIds: z.array(z.string()) });

export const DeletedDiaryEntrySchema = z.object({ id: z.string(), titleId: z.string(), deleted: z.boolean() });

/** A year in review. */
export const DiaryYearSchema = z.object({
  year: z.number().int(),
  /** Diary entries (rewatches included). */
  entries: z.number().int(),
  /** Movie entries (rewatches included) and distinct movies. */
  films: z.number().int(),
  distinctFilms: z.number().int(),
  /** Series entries (a logged series counts once per entry). */
  shows: z.number().int(),
  rewatches: z.number().int(),
  /** Hours watched: the runtimes of the entries (a series entry counts one episode); titles without one count nothing. */
  hours: z.number(),
  /** Entries per month, January first (12 numbers). */
  perMonth: z.array(z.number().int()),
  /** The genres watched most, most first (at most 5). */
  topGenres: z.array(z.object({ name: z.string(), count: z.number().int() })),
  /** The titles watched this year the person rated highest (at most 5). */
  highestRated: z.array(z.object({ rating: z.number().int(), title: MediaSearchResultSchema })),
  /** Years with entries, newest first. */
  years: z.array(z.number().int()),
});
export type DiaryYear = z.infer<typeof DiaryYearSchema>;
