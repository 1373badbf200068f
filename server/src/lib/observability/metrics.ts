import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics for this process: Node's own (CPU, memory, event-loop delay, collections), request
 * durations by route pattern, and cache lookups. One registry per process, shared by every app built in it.
 */
const registry = new Registry();
let defaultsCollected = false;

const cacheLookups = new Counter({
  name: 'reelhouse_cache_lookups_total',
  help: 'Cache lookups by cache and result (hit or miss).',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
});

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  // From a cached answer (a millisecond) to a slow search or a mail being sent (seconds).
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Counts one lookup in a named cache; the hit rate is hits / (hits + misses). */
export function recordCacheLookup(cache: string, hit: boolean): void {
  cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
}

/** The route pattern a request matched (never its raw URL, which would make a series per title), or "unmatched". */
function routeOf(req: FastifyRequest): string {
  return req.routeOptions.url ?? 'unmatched';
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * With a token: GET /metrics answers the registry in Prometheus' text format to "Authorization: Bearer <token>",
 * and every request's duration is recorded. Without one, or with the wrong token, /metrics is a 404 like any
 * unknown API path.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined): void {
  const notFound = { error: { code: 'not_found', message: 'No route for GET /metrics.' } };
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, (_req, reply) => reply.status(404).send(notFound));
    return;
  }
  if (!defaultsCollected) {
    defaultsCollected = true;
    collectDefaultMetrics({ register: registry });
  }
  app.addHook('onResponse', (req, reply, done) => {
    requestDuration.observe({ method: req.method, route: routeOf(req), status_code: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const header = req.headers.authorization ?? '';
    const given = header.slice(0, 7).toLowerCase() === 'bearer ' ? header.slice(7).trim() : '';
    if (!given || !sameSecret(given, token)) return reply.status(404).send(notFound);
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });
}
