import { z } from 'zod';
import { MediaSearchResultSchema, PageNumberSchema } from './titles.ts';

/** GET /api/movies/upcoming?page=1 (pages 1 to 50; a page past the last answers no results). */
export const UpcomingQuerySchema = z.object({ page: PageNumberSchema });
export type UpcomingQuery = z.input<typeof UpcomingQuerySchema>;

/**
 * Movies releasing from today on, soonest first, 20 per page, as the same cards as other title lists.
 * Each card's releaseDate is the date the list is ordered by (TMDB's when TMDB lists the movie).
 */
export const UpcomingPageSchema = z.object({
  results: z.array(MediaSearchResultSchema),
  page: z.number().int(),
  /** 0 when no release date lies ahead. */
  totalPages: z.number().int(),
});
export type UpcomingPage = z.infer<typeof UpcomingPageSchema>;
