import type { FastifyInstance } from 'fastify';
import { databaseKind } from '../../db/dialect.ts';

/** Seconds a load balancer is asked to wait before trying /readyz again. */
const RETRY_AFTER_SECONDS = 10;

export async function healthRoutes(app: FastifyInstance) {
  // Liveness: the process answers. Nothing else is checked, so a busy process is not restarted for being busy.
  app.get('/healthz', { schema: { hide: true } }, async () => ({ data: { status: 'ok' } }));
  // Readiness: whether this process should get new traffic.
  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    const notReady = app.readiness.notReady();
    if (notReady) return reply.status(503).header('retry-after', RETRY_AFTER_SECONDS).send({ error: notReady });
    try {
      await app.database.ping();
      if (app.redis) await app.redis.ping();
      return { data: { status: 'ready', database: databaseKind(app.database) } };
    } catch (err) {
      req.log.warn({ err }, 'not ready');
      return reply.status(503).header('retry-after', RETRY_AFTER_SECONDS).send({ error: { code: 'not_ready', message: 'The database is not reachable.' } });
    }
  });
}
