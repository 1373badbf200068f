import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CatalogueStatusSchema } from '../../../../common/contracts/catalogue.ts';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { CatalogueBootstrap } from './catalogue.bootstrap.ts';
import { hasTitles } from './catalogue.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the first start is doing about an empty catalogue (main.ts runs it; GET /api/catalogue/status says it). */
    catalogueBootstrap: CatalogueBootstrap;
  }
}

/** Not encapsulated, so `app.catalogueBootstrap` is visible to main.ts. */
export async function catalogueRoutes(app: FastifyInstance) {
  const bootstrap = new CatalogueBootstrap();
  app.decorate('catalogueBootstrap', bootstrap);
  // Once titles are there (imported by this process, another one, or `npm run catalogue:import`), it stays ready.
  let ready = false;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/catalogue/status',
    {
      schema: {
        tags: ['titles'],
        summary: 'Whether the catalogue has titles, and what the first start is doing when it has none',
        description:
          'ready: titles are there. importing: the first start is downloading and importing IMDb\'s datasets (percent). offline: IMDb could not be reached; commands say what to run. empty: nothing was tried (CATALOGUE_DOWNLOAD=off). failed: the first-start import stopped. checking: the first start has not decided yet. Public.',
        response: { 200: envelope(CatalogueStatusSchema) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const status = bootstrap.status;
      if (ready || status.state === 'ready') return { data: { state: 'ready' as const, percent: null, message: null, commands: [] } };
      // While IMDb's files are being imported the first titles are already in: the import is not over yet.
      if (status.state !== 'importing' && (await hasTitles(app.database))) {
        ready = true;
        return { data: { state: 'ready' as const, percent: null, message: null, commands: [] } };
      }
      return { data: status };
    },
  );
}
Object.assign(catalogueRoutes, { [Symbol.for('skip-override')]: true });
