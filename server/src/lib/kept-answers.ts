import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

/**
 * Kept answers, sent before routing.
 *
 * The title page and the home page's sections are the most requested reads, and most requests for them
 * ask for an answer that was just built and kept (TitlesService keeps each title page's JSON as one string,
 * and the home sections for a minute). For such a hit, Fastify's routing, hooks and reply machinery cost
 * more than the answer itself. So the HTTP server looks first for a kept
 * answer, like a micro-cache in front of the application, and hands everything else to Fastify:
 *
 * - only GET requests without credentials (no Authorization header, no cookie), so an answer that may one
 *   day depend on the person asking is never served from here;
 * - only paths a finder recognises exactly (no query string, no percent-encoding): anything it does not
 *   recognise, or has no current answer for, goes through the full stack, which builds and keeps it;
 * - with the same status, body and headers as the full stack (security headers for the path, a request
 *   id), and the same side effects (the finder counts the view);
 * - a finder may also build an answer now when it can do so synchronously (a title page on SQLite); if it
 *   throws, the request goes to Fastify;
 * - not once the server has begun to stop, so those answers carry `connection: close` as usual.
 */
/**
 * The kept body for a path, or undefined to let Fastify answer. A body may come in parts (a title page's own part
 * and the end its genre combination shares), sent one after the other in one write, never joined into a new string.
 */
export type KeptAnswerFinder = (path: string) => string | readonly string[] | undefined;

export interface KeptAnswers {
  /** Registers a finder for paths starting with `prefix`. */
  add(prefix: string, find: KeptAnswerFinder): void;
  /** Called once Fastify is ready: security headers by path, request ids, and the log. */
  attach(opts: { headersFor: (url: string) => Record<string, string>; nextRequestId: () => string; log: FastifyBaseLogger }): void;
  /** From now on every request goes to Fastify. */
  stop(): void;
  /** For Fastify's `serverFactory`: an HTTP server that tries kept answers first. */
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const REQUEST_ID = /^[\w.-]{1,64}$/;

export function createKeptAnswers(): KeptAnswers {
  const finders: { prefix: string; find: KeptAnswerFinder }[] = [];
  // Each set of security headers as Node's flat [name, value, ...] list with the content type, made once.
  const lists = new Map<Record<string, string>, string[]>();
  const headerList = (headers: Record<string, string>): string[] => {
    let list = lists.get(headers);
    if (list === undefined) {
      list = [...Object.entries(headers).flat(), 'content-type', JSON_TYPE];
      lists.set(headers, list);
    }
    return list;
  };
  let attached: Parameters<KeptAnswers['attach']>[0] | null = null;
  let stopped = false;

  function tryKept(req: IncomingMessage, res: ServerResponse): boolean {
    if (stopped || attached === null || req.method !== 'GET') return false;
    const url = req.url ?? '';
    const headers = req.headers;
    if (headers.authorization !== undefined || headers.cookie !== undefined) return false;
    for (const f of finders) {
      if (!url.startsWith(f.prefix)) continue;
      let body: string | readonly string[] | undefined;
      try {
        body = f.find(url);
      } catch (err) {
        // A finder that fails leaves the request to the full stack, which answers it (or reports the error).
        attached.log.warn({ err, url }, 'answer before routing failed: the full stack answers');
        return false;
      }
      if (body === undefined) return false;
      const started = performance.now();
      const given = headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : attached.nextRequestId();
      const head = headerList(attached.headersFor(url)).slice();
      let bytes = 0;
      if (typeof body === 'string') bytes = Buffer.byteLength(body);
      else for (const part of body) bytes += Buffer.byteLength(part);
      head.push('x-request-id', id, 'content-length', String(bytes));
      res.writeHead(200, head);
      if (typeof body === 'string') res.end(body);
      else {
        // Corked, so the head and every part leave in one write (end() flushes it).
        res.cork();
        for (let i = 0; i < body.length - 1; i++) res.write(body[i]);
        res.end(body[body.length - 1]);
      }
      if ((attached.log as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean }).isLevelEnabled?.('info') !== false) {
        attached.log.info(
          { requestId: id, req: { method: 'GET', url }, res: { statusCode: 200 }, responseTime: performance.now() - started, kept: true },
          'request completed',
        );
      }
      return true;
    }
    return false;
  }

  return {
    add(prefix, find) {
      finders.push({ prefix, find });
    },
    attach(opts) {
      attached = opts;
    },
    stop() {
      stopped = true;
    },
    // The same server Fastify would make for HTTP/1 (fastify/lib/server.js), with kept answers tried first.
    serverFactory: (handler, opts) => {
      const o = opts as FastifyServerOptions & { http?: object };
      const server: Server = createServer(o.http ?? {}, (req, res) => {
        if (!tryKept(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = o.keepAliveTimeout ?? 72_000;
      server.requestTimeout = o.requestTimeout ?? 0;
      server.setTimeout(o.connectionTimeout ?? 0);
      if ((o.maxRequestsPerSocket ?? 0) > 0) server.maxRequestsPerSocket = o.maxRequestsPerSocket as number;
      return server;
    },
  };
}
