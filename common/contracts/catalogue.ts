import { z } from 'zod';

/**
 * GET /api/catalogue/status: whether the catalogue has titles, and when it does not, what is happening about it.
 * ready: it has titles. importing: the first start is importing IMDb's datasets (percent done). offline: it is empty
 * and IMDb's datasets could not be reached, `commands` say how to fill it. empty: it is empty and no download was tried.
 * failed: the first-start import stopped (`message` says why, `commands` how to try again).
 */
export const CatalogueStatusSchema = z.object({
  state: z.enum(['ready', 'checking', 'importing', 'offline', 'empty', 'failed']),
  percent: z.number().int().min(0).max(100).nullable(),
  message: z.string().nullable(),
  commands: z.array(z.string()),
});
export type CatalogueStatus = z.infer<typeof CatalogueStatusSchema>;
