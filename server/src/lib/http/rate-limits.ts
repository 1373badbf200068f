import type { FastifyRequest } from 'fastify';

/**
 * One limiter for what one account could flood others with (follows, messages, reports): @fastify/rate-limit per
 * route, keyed by the signed-in person (by address before sign-in), counted in Redis when REDIS_URL is set, else in
 * this process. Over the limit: 429 `rate_limited` saying how many seconds to wait (and a Retry-After header).
 */
export const LIMITS = {
  follow: { max: 60, timeWindow: 60_000 },
  message: { max: 30, timeWindow: 60_000 },
  report: { max: 10, timeWindow: 3_600_000 },
} as const;

/** A route's `config` for one of the limits: its own counter per person. */
export const limited = (kind: keyof typeof LIMITS) => ({
  rateLimit: { ...LIMITS[kind], groupId: kind, keyGenerator: (req: FastifyRequest) => `${kind}:${req.session?.id ?? `ip:${req.ip}`}` },
});
