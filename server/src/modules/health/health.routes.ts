import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ data: { status: 'ok' } }));
  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    try {
      await app.database.ping();
      if (app.redis) await app.redis.ping();
      return { data: { status: 'ready', database: app.database.dialect } };
    } catch (err) {
      req.log.warn({ err }, 'not ready');
      return reply.status(503).send({ error: { code: 'not_ready', message: 'The database is not reachable.' } });
    }
  });
}
