import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { UpcomingPageSchema, UpcomingQuerySchema } from '../../../../common/contracts/upcoming.ts';
import { UpcomingService } from './upcoming.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Movies releasing from today on (GET /api/movies/upcoming); invalidate() after a TMDB refresh. */
    upcoming: UpcomingService;
  }
}


/** Not encapsulated, so `app.upcoming` is visible to the whole app. Registered after titlesRoutes (it reads `app.titles`). */
export async function upcomingRoutes(app: FastifyInstance) {
  const service = new UpcomingService(app.database, app.titles);
  app.decorate('upcoming', service);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/movies/upcoming',
    {
      schema: {
        tags: ['titles'],
        summary: 'Movies releasing from today on, soonest first, 20 per page (?page=1, at most 50)',
        description:
          "With TMDB_API_KEY set, TMDB's upcoming movies (refreshed every TMDB_REFRESH_HOURS) merged with catalogue movies whose release date is today or later; without it, the catalogue's alone. A movie TMDB lists carries TMDB's release date. A page past the last answers no results; totalPages is 0 when nothing is announced. Cached for a minute.",
        querystring: UpcomingQuerySchema,
        response: { 200: envelope(UpcomingPageSchema) },
      },
    },
    async (req) => ({ data: await service.page(req.query.page) }),
  );
}
Object.assign(upcomingRoutes, { [Symbol.for('skip-override')]: true });
