import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

/**
 * Kept answers, sent before routing.
 *
 * The title page is the most requested read, and most requests for it ask for a page that was just
 * built and kept (TitlesService keeps each page's JSON as bytes). For such a hit, Fastify's routing,
 * hooks and reply machinery cost more than the answer itself. So the HTTP server looks first for a kept
 * answer, like a micro-cache in front of the application, and hands everything else to Fastify:
 *
 * - only GET requests without credentials (no Authorization header, no cookie), so an answer that may one
 *   day depend on the person asking is never served from here;
 * - only paths a finder recognises exactly (no query string, no percent-encoding): anything it does not
 *   recognise, or has no current answer for, goes through the full stack, which builds and keeps it;
 * - with the same status, body and headers as the full stack (security headers for the path, a request
 *   id), and the same side effects (the finder counts the view);
 * - not once the server has begun to stop, so those answers carry `connection: close` as usual.
 *
 * POST paths (the search box) work the same way on the JSON body, which has to be read first: a small JSON
 * body whose answer is kept is answered here; any other request is handed to Fastify with the body it sent,
 * replayed through the route's preParsing hook (`replayedBody`), so validation and errors stay Fastify's.
 */
/** The kept body for a path, or undefined to let Fastify answer. */
export type KeptAnswerFinder = (path: string) => string | undefined;
/** The kept body for a parsed JSON request body, or undefined to let Fastify answer. */
export type KeptPostFinder = (body: unknown) => string | undefined;

/** Request bodies read here and then handed to Fastify. */
const REPLAY = Symbol('kept-answers.replay');
type Replayable = IncomingMessage & { [REPLAY]?: Buffer };
/** Bodies larger than this go straight to Fastify. */
const MAX_BODY = 4096;

/**
 * For a route's preParsing hook: the body the kept path read before handing the request on, as a stream,
 * or null when it read nothing.
 */
export function replayedBody(raw: IncomingMessage): Readable | null {
  const body = (raw as Replayable)[REPLAY];
  return body === undefined ? null : Readable.from([body]);
}

export interface KeptAnswers {
  /** Registers a finder for GET paths starting with `prefix`. */
  add(prefix: string, find: KeptAnswerFinder): void;
  /** Registers a finder for POSTs with a JSON body to exactly `path` (whose route must use `replayedBody`). */
  addPost(path: string, find: KeptPostFinder): void;
  /** Called once Fastify is ready: security headers by path, request ids, and the log. */
  attach(opts: { headersFor: (url: string) => Record<string, string>; nextRequestId: () => string; log: FastifyBaseLogger }): void;
  /** From now on every request goes to Fastify. */
  stop(): void;
  /** For Fastify's `serverFactory`: an HTTP server that tries kept answers first. */
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
type Attached = Parameters<KeptAnswers['attach']>[0];
const REQUEST_ID = /^[\w.-]{1,64}$/;

export function createKeptAnswers(): KeptAnswers {
  const finders: { prefix: string; find: KeptAnswerFinder }[] = [];
  const posts = new Map<string, KeptPostFinder>();
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
  let attached: Attached | null = null;
  let stopped = false;

  function send(a: Attached, req: IncomingMessage, res: ServerResponse, url: string, body: string): void {
    const started = performance.now();
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : a.nextRequestId();
    const head = headerList(a.headersFor(url)).slice();
    head.push('x-request-id', id, 'content-length', String(Buffer.byteLength(body)));
    res.writeHead(200, head);
    res.end(body);
    const log = a.log as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
    if (log.isLevelEnabled?.('info') !== false) {
      log.info({ requestId: id, req: { method: req.method, url }, res: { statusCode: 200 }, responseTime: performance.now() - started, kept: true }, 'request completed');
    }
  }

  /** True when the request was taken here (answered, or read and handed on to `handler`). */
  function tryKept(req: IncomingMessage, res: ServerResponse, handler: (req: IncomingMessage, res: ServerResponse) => void): boolean {
    const a = attached;
    if (stopped || a === null) return false;
    const url = req.url ?? '';
    const headers = req.headers;
    if (headers.authorization !== undefined || headers.cookie !== undefined) return false;
    if (req.method === 'GET') {
      for (const f of finders) {
        if (!url.startsWith(f.prefix)) continue;
        const body = f.find(url);
        if (body === undefined) return false;
        send(a, req, res, url, body);
        return true;
      }
      return false;
    }
    if (req.method !== 'POST') return false;
    const find = posts.get(url);
    const type = headers['content-type'];
    const length = Number(headers['content-length']);
    if (find === undefined || type === undefined || !type.startsWith('application/json') || !(length > 0 && length <= MAX_BODY)) return false;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => undefined); // the client went away: nothing to answer
    req.on('end', () => {
      const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      const text = raw.toString('utf8');
      let answer: string | undefined;
      // Bodies Fastify's parser refuses (prototype poisoning) or that are not JSON are left to it.
      if (!text.includes('__proto__') && !text.includes('constructor')) {
        try {
          answer = find(JSON.parse(text));
        } catch {
          answer = undefined;
        }
      }
      if (answer !== undefined && !stopped) send(a, req, res, url, answer);
      else {
        (req as Replayable)[REPLAY] = raw;
        handler(req, res);
      }
    });
    return true;
  }

  return {
    add(prefix, find) {
      finders.push({ prefix, find });
    },
    addPost(path, find) {
      posts.set(path, find);
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
        if (!tryKept(req, res, handler)) handler(req, res);
      });
      server.keepAliveTimeout = o.keepAliveTimeout ?? 72_000;
      server.requestTimeout = o.requestTimeout ?? 0;
      server.setTimeout(o.connectionTimeout ?? 0);
      if ((o.maxRequestsPerSocket ?? 0) > 0) server.maxRequestsPerSocket = o.maxRequestsPerSocket as number;
      return server;
    },
  };
}
