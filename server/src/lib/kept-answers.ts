import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyServerOptions, preParsingHookHandler } from 'fastify';
import { attachHttpFront, type FrontAnswer, type FrontRequest, type HttpFront } from './http-front.ts';
import { createWriteBatcher } from './write-batching.ts';

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
 *   day depend on the person asking is never served from here, unless its finder is registered as the same for
 *   everyone (see below);
 * - only paths a finder recognises exactly (no query string, no percent-encoding): anything it does not
 *   recognise, or has no current answer for, goes through the full stack, which builds and keeps it;
 * - with the same status, body and headers as the full stack (security headers for the path, a request
 *   id), and the same side effects (the finder counts the view);
 * - a finder may also build an answer now when it can do so synchronously (a title page on SQLite); if it
 *   throws, the request goes to Fastify;
 * - not once the server has begun to stop, so those answers carry `connection: close` as usual;
 * - written at the end of the event loop's turn, together with the other answers made in it (lib/write-batching.ts).
 *
 * They are tried twice: first by the HTTP front (lib/http-front.ts), which reads requests on a new connection before
 * Node's HTTP server does and answers them from the same finders with the same status, headers and body; then, on
 * connections the front handed to Node's HTTP server, before Fastify's routing.
 *
 * A finder may be registered as the same for everyone: then requests with credentials take it too (the search box
 * is only shown to people signed in, and they open most title pages), which is right only while its answer never
 * depends on who asks and its route never reads the session: nothing personal in it, no check of who may see it,
 * no cookie set.
 *
 * A POST path may be answered the same way from its JSON body (the search box's suggestions). Only a small
 * body of a stated length (at most MAX_KEPT_BODY bytes) sent as application/json is read here. When it is not
 * JSON, or the finder does not answer it (input the route's schema would refuse, say), the request goes on to
 * Fastify with the body already read: the route's `preParsing: replayReadBody` hands that body to Fastify's
 * parser, so the full stack answers exactly as if nothing had been read.
 */
/**
 * The kept body for a path, or undefined to let Fastify answer. A body may come in parts (a title page's own part
 * and the end its genre combination shares), sent one after the other in one write, never joined into a new string.
 */
export type KeptAnswerFinder = (path: string) => KeptBody | undefined;

/** A kept body: text, UTF-8 bytes, or parts of either sent one after the other. */
export type KeptBody = string | Buffer | readonly (string | Buffer)[];

/** The kept body for a POST's parsed JSON body, or undefined to let Fastify answer (see KeptAnswerFinder). */
export type KeptPostFinder = (body: unknown) => KeptBody | undefined;

/** The largest body read before routing; a longer one goes to Fastify unread. */
export const MAX_KEPT_BODY = 4096;
/** A request body read before routing and left for Fastify (see replayReadBody). */
const READ_BODY = Symbol('bodyReadBeforeRouting');
type ReadRequest = IncomingMessage & { [READ_BODY]?: Buffer };

/**
 * preParsing hook for a route whose POST may be read before routing: gives Fastify's body parser the body
 * that was read, as a stream of its own, else the request as usual.
 */
export const replayReadBody: preParsingHookHandler = (req, _reply, payload, done) => {
  const read = (req.raw as ReadRequest)[READ_BODY];
  if (read === undefined) return done(null, payload);
  const replay = Readable.from([read], { objectMode: false }) as Readable & { receivedEncodedLength?: number };
  replay.receivedEncodedLength = read.length;
  done(null, replay);
};

export interface KeptAnswers {
  /**
   * Registers a finder for paths starting with `prefix`. `sameForEveryone`: its answers never depend on who asks, so
   * requests with credentials take it too.
   */
  add(prefix: string, find: KeptAnswerFinder, opts?: { sameForEveryone?: boolean }): void;
  /**
   * Registers a finder for POST requests to exactly `path` with a JSON body (its route needs `preParsing:
   * replayReadBody`). `sameForEveryone`: its answers never depend on who asks, so requests with credentials take it too.
   */
  addPost(path: string, find: KeptPostFinder, opts?: { sameForEveryone?: boolean }): void;
  /** Called once Fastify is ready: security headers by path, request ids, and the log. */
  attach(opts: {
    headersFor: (url: string) => Record<string, string>;
    nextRequestId: () => string;
    log: FastifyBaseLogger;
    /** An answer that took this long or longer is logged as a warning, with what was asked. */
    slowMs: number;
  }): void;
  /** From now on every request goes to Fastify. */
  stop(): void;
  /** Requests the HTTP front answered and connections it handed over (for tests and benchmarks). */
  frontStats(): ReturnType<HttpFront['stats']>;
  /** For Fastify's `serverFactory`: an HTTP server that tries kept answers first. */
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A body of a stated length read before routing: small, and sent as JSON. */
function isJsonBody(length: number, type: string | undefined): boolean {
  if (!(length > 0 && length <= MAX_KEPT_BODY)) return false;
  return type === 'application/json' || (type !== undefined && /^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(type));
}
const REQUEST_ID = /^[\w.-]{1,64}$/;
/** How much of a slow POST's body its warning shows. */
const SLOW_BODY_LOGGED = 256;

export function createKeptAnswers(): KeptAnswers {
  const finders: { prefix: string; find: KeptAnswerFinder; sameForEveryone: boolean }[] = [];
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
  // The same, as the header lines the HTTP front writes.
  const headLines = new Map<Record<string, string>, string>();
  const headLinesOf = (headers: Record<string, string>): string => {
    let lines = headLines.get(headers);
    if (lines === undefined) {
      lines = `${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}content-type: ${JSON_TYPE}\r\n`;
      headLines.set(headers, lines);
    }
    return lines;
  };
  const postFinders = new Map<string, { find: KeptPostFinder; sameForEveryone: boolean }>();
  let front: HttpFront | null = null;
  let attached: Parameters<KeptAnswers['attach']>[0] | null = null;
  let stopped = false;
  const batcher = createWriteBatcher((err) => attached?.log.error({ err }, 'could not write an answer made before routing'));

  /** A finder's answer, or undefined when it has none or fails (the full stack then answers, or reports the error). */
  function found<T>(find: (arg: T) => KeptBody | undefined, arg: T, url: string): KeptBody | undefined {
    try {
      return find(arg);
    } catch (err) {
      attached?.log.warn({ err, url }, 'answer before routing failed: the full stack answers');
      return undefined;
    }
  }

  function send(req: IncomingMessage, res: ServerResponse, url: string, body: KeptBody, started: number, asked?: Buffer): void {
    if (attached === null) return;
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : attached.nextRequestId();
    const head = headerList(attached.headersFor(url)).slice();
    let bytes = 0;
    if (typeof body === 'string' || Buffer.isBuffer(body)) bytes = Buffer.byteLength(body);
    else for (const part of body) bytes += Buffer.byteLength(part);
    head.push('x-request-id', id, 'content-length', String(bytes));
    // Written at the end of this turn of the event loop, with the other answers made in it (lib/write-batching.ts).
    batcher.soon(() => {
      res.writeHead(200, head);
      if (typeof body === 'string' || Buffer.isBuffer(body)) res.end(body);
      else {
        // Corked, so the head and every part leave in one write (end() flushes it).
        res.cork();
        for (let i = 0; i < body.length - 1; i++) res.write(body[i]);
        res.end(body[body.length - 1]);
      }
    });
    logAnswer(req.method, url, id, started, asked);
  }

  function logAnswer(method: string | undefined, url: string, id: string, started: number, body?: Buffer): void {
    if (attached === null) return;
    const responseTime = performance.now() - started;
    // A slow answer held the event loop for as long as it took (these finders answer synchronously): what was asked is
    // logged, so the case can be made again.
    if (responseTime >= attached.slowMs) {
      const fields: Record<string, unknown> = { requestId: id, req: { method, url }, responseTime: Math.round(responseTime) };
      if (body !== undefined) fields.body = body.toString('utf8', 0, Math.min(body.length, SLOW_BODY_LOGGED));
      attached.log.warn(fields, 'slow answer before routing');
    }
    if ((attached.log as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean }).isLevelEnabled?.('info') !== false) {
      attached.log.info(
        { requestId: id, req: { method, url }, res: { statusCode: 200 }, responseTime, kept: true },
        'request completed',
      );
    }
  }

  /** The kept answer for a GET of `url`: the first finder whose prefix it has decides (undefined: Fastify answers). */
  function findGet(url: string, anonymous: boolean): KeptBody | undefined {
    for (const f of finders) {
      if (!url.startsWith(f.prefix)) continue;
      return anonymous || f.sameForEveryone ? found(f.find, url, url) : undefined;
    }
    return undefined;
  }

  /** The kept answer for a POST's JSON body read whole, or undefined (not JSON, no finder, or the finder does not answer). */
  function findPost(finder: { find: KeptPostFinder; sameForEveryone: boolean } | undefined, url: string, anonymous: boolean, raw: Buffer): KeptBody | undefined {
    if (finder === undefined || !(anonymous || finder.sameForEveryone)) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return undefined;
    }
    return found(finder.find, body, url);
  }

  /** The HTTP front's answer for a request it read whole: the same finders, checks, headers and log line as below. */
  function frontAnswer(req: FrontRequest): FrontAnswer | undefined {
    if (stopped || attached === null) return undefined;
    const url = req.url;
    const started = performance.now();
    const body =
      req.method === 'GET'
        ? findGet(url, !req.credentials)
        : isJsonBody(req.body.length, req.contentType)
          ? findPost(postFinders.get(url), url, !req.credentials, req.body)
          : undefined;
    if (body === undefined) return undefined;
    const given = req.requestId;
    const id = given !== undefined && REQUEST_ID.test(given) ? given : attached.nextRequestId();
    logAnswer(req.method, url, id, started, req.method === 'POST' ? req.body : undefined);
    return { headers: `${headLinesOf(attached.headersFor(url))}x-request-id: ${id}\r\n`, body };
  }

  /** True when the request is answered (or is being read) here; false hands it to Fastify untouched. */
  function tryKept(req: IncomingMessage, res: ServerResponse, handler: (req: IncomingMessage, res: ServerResponse) => void): boolean {
    if (stopped || attached === null) return false;
    const headers = req.headers;
    const url = req.url ?? '';
    const anonymous = headers.authorization === undefined && headers.cookie === undefined;
    if (req.method === 'POST') return tryKeptPost(req, res, url, anonymous, handler);
    if (req.method !== 'GET') return false;
    const started = performance.now();
    const body = findGet(url, anonymous);
    if (body === undefined) return false;
    send(req, res, url, body, started);
    return true;
  }

  function tryKeptPost(req: IncomingMessage, res: ServerResponse, url: string, anonymous: boolean, handler: (req: IncomingMessage, res: ServerResponse) => void): boolean {
    const finder = postFinders.get(url);
    if (finder === undefined || !(anonymous || finder.sameForEveryone)) return false;
    const headers = req.headers;
    const length = Number(headers['content-length']);
    const type = headers['content-type'];
    if (!isJsonBody(length, type) || headers['transfer-encoding'] !== undefined || headers['content-encoding'] !== undefined) return false;
    const started = performance.now();
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    };
    const onEnd = () => {
      req.off('data', onData);
      req.off('error', onError);
      const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
      const answer = received === length && !stopped ? findPost(finder, url, anonymous, raw) : undefined;
      if (answer !== undefined) return send(req, res, url, answer, started, raw);
      // Not answered here: Fastify takes the request as it came, its body replayed (replayReadBody).
      (req as ReadRequest)[READ_BODY] = raw;
      handler(req, res);
    };
    // The client went away mid-body: nothing is left to answer.
    const onError = () => {
      req.off('data', onData);
      req.off('end', onEnd);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    return true;
  }

  return {
    add(prefix, find, opts) {
      finders.push({ prefix, find, sameForEveryone: opts?.sameForEveryone === true });
    },
    addPost(path, find, opts) {
      postFinders.set(path, { find, sameForEveryone: opts?.sameForEveryone === true });
    },
    attach(opts) {
      attached = opts;
    },
    stop() {
      stopped = true;
      front?.stop();
    },
    frontStats: () => front?.stats() ?? { answered: 0, handedOver: 0, open: 0 },
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
      front = attachHttpFront(server, frontAnswer, { keepAliveTimeout: server.keepAliveTimeout });
      return server;
    },
  };
}
