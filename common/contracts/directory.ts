import { z } from 'zod';
import { ServiceSchema, WatchCountrySchema } from './providers.ts';
import { blankToUndefined, queryDecimal, queryInt } from './query.ts';
import { text } from './text.ts';
import { DirectorySortSchema, PageNumberSchema } from './titles.ts';

// The directory's query (server only: the web app builds the query string itself, so none of this ships to the browser).

/** GET /api/movies/filters and /api/tv/filters: only non-empty fields are sent. */
export const DirectoryFiltersQuerySchema = z
  .object({
    /** One genre or several separated by commas; titles must have all of them. */
    genre: z.preprocess(blankToUndefined, text().max(200, 'must be at most 200 characters').optional()),
    yearFrom: queryInt(1870, 2100, 'must be a year from 1870 to 2100'),
    yearTo: queryInt(1870, 2100, 'must be a year from 1870 to 2100'),
    /** IMDb rating out of 10. */
    ratingMin: queryDecimal(0, 10, 'must be a number from 0 to 10'),
    votesMin: queryInt(0, 100_000_000, 'must be a whole number of votes'),
    sort: z.preprocess(blankToUndefined, DirectorySortSchema.default('popularity')),
    page: PageNumberSchema,
    /** Only titles this streaming service carries (netflix, prime, ...) in `country` (US when absent). */
    service: z.preprocess(blankToUndefined, ServiceSchema.optional()),
    country: z.preprocess(blankToUndefined, WatchCountrySchema.optional()),
  })
  .refine((q) => q.yearFrom === undefined || q.yearTo === undefined || q.yearFrom <= q.yearTo, {
    path: ['yearTo'],
    message: 'must not be before yearFrom',
  });
export type DirectoryFiltersQuery = z.input<typeof DirectoryFiltersQuerySchema>;
