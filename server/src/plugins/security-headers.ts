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

/** Security headers with a strict Content-Security-Policy on every response. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions, overrides: Array<{ prefix: string; csp: string }>) {
  const base = helmetHeaders(options);
  const variants = overrides.map((o) => ({ prefix: o.prefix, headers: { ...base, 'content-security-policy': o.csp } }));
  app.addHook('onRequest', (req, reply, done) => {
    const v = variants.length ? variants.find((x) => req.url.startsWith(x.prefix)) : undefined;
    reply.headers(v ? v.headers : base);
    done();
  });
}
