import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** How long shared caches may keep an answer that is the same for everyone, in seconds. */
export interface PublicCache {
  /** Browsers. */
  maxAge: number;
  /** Reverse proxies and CDNs. */
  sMaxAge: number;
  /** How long past that a shared cache may still send it while it fetches the next. */
  staleWhileRevalidate: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes whose answers are the same for everyone: they are sent with Cache-Control and an ETag. */
    publicCache?: PublicCache;
  }
}

export function cacheControlOf(c: PublicCache): string {
  return `public, max-age=${c.maxAge}, s-maxage=${c.sMaxAge}, stale-while-revalidate=${c.staleWhileRevalidate}`;
}

/** The lifetimes as the route descriptions give them (OpenAPI). */
export function describeCaching(c: PublicCache): string {
  return `Same for everyone: Cache-Control "${cacheControlOf(c)}" and an ETag (If-None-Match answers 304).`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Successful answers of routes with `config.publicCache` get Cache-Control and an ETag (a hash of the body), and a
 * request whose If-None-Match names that ETag gets 304 with no body. Error answers are left alone.
 * Why not @fastify/etag: it hashes every answer of the context it is registered in (a signed-in reader's own answers
 * too, which carry no ETag and are never cached), and has no per-route switch; this hook hashes only public answers.
 */
export function registerPublicCaching(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const c = req.routeOptions.config.publicCache;
    if (!c || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('cache-control', cacheControlOf(c));
    reply.header('etag', etag);
    if (matches(req.headers['if-none-match'], etag)) {
      reply.code(304);
      return done(null, '');
    }
    done(null, payload);
  });
}
