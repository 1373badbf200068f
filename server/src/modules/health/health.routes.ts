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
      // Redis is said, not required: every process shares it, so taking them all out of the load balancer while it
      // is away would turn a degraded service (caches missing, limits per process, live events paused) into none.
      const redis = app.redis ? (app.redis.status === 'ready' ? 'up' : 'down') : 'none';
      return { data: { status: 'ready', database: databaseKind(app.database), redis } };
    } catch (err) {
      req.log.warn({ err }, 'not ready');
      return reply.status(503).header('retry-after', RETRY_AFTER_SECONDS).send({ error: { code: 'not_ready', message: 'The database is not reachable.' } });
    }
  });
}
