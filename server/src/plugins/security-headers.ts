import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Runs helmet once at start-up against a recording response and returns the headers it sets.
 * The headers do not depend on the request (no nonces), so computing them per request
 * would only cost time on every call.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, res as never, () => undefined);
  return headers;
}

export interface HeaderOverride {
  prefix: string;
  /** Replaces the Content-Security-Policy of the full set. */
  csp?: string;
  /** Replaces the whole set. */
  headers?: Record<string, string>;
}

/**
 * The headers a JSON answer needs: nothing in it may be rendered, framed or sniffed.
 * The browser-facing set (CSP for scripts, cross-origin policies, ...) only matters for
 * documents, and sending a dozen headers on every API call costs measurable time.
 */
export function apiHeaders(full: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  if (full['strict-transport-security']) out['strict-transport-security'] = full['strict-transport-security'];
  return out;
}

/**
 * Headers on every response, set in one hook: the request id (x-request-id, also in the logs)
 * and the security headers, helmet's full set with a strict policy, by path prefix.
 */
export function registerResponseHeaders(app: FastifyInstance, options: HelmetOptions, overrides: HeaderOverride[]): (url: string) => Record<string, string> {
  const base = helmetHeaders(options);
  const variants = overrides.map((o) => ({
    prefix: o.prefix,
    headers: o.headers ?? { ...base, ...(o.csp ? { 'content-security-policy': o.csp } : {}) },
  }));
  const headersFor = (url: string): Record<string, string> => {
    for (const v of variants) if (url.startsWith(v.prefix)) return v.headers;
    return base;
  };
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    reply.headers(headersFor(req.url));
    done();
  });
  // The security headers for a path, for errors Fastify answers before any hook runs (frameworkErrors in app.ts).
  return headersFor;
}
