import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { LevelRulesSchema } from '../../../../common/contracts/levels.ts';
import { ladder } from './levels.rules.ts';

/** The level ladder, for the levels page. */
export async function levelsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/levels',
    {
      config: { publicCache: { maxAge: 3600, sMaxAge: 3600, staleWhileRevalidate: 86_400 } },
      schema: {
        tags: ['levels'],
        summary: 'The eleven levels',
        description: 'Public. In ladder order (rank 1, Reel Apprentice, to 11, Reel Savant): each with the gems reaching it gives and what it needs. Where the reader stands is `level` of GET /api/user/me.',
        response: { 200: envelope(LevelRulesSchema) },
      },
    },
    async () => ({ data: ladder() }),
  );
}
