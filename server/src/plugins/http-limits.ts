import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** The largest request body a route takes unless its options raise it (`bodyLimit`): every form and search today fits in far less. */
export const BODY_LIMIT = 16 * 1024;
/** The largest request head (request line and headers), Node's own default, stated so the 431 message can say it. */
export const MAX_HEADER_SIZE = 16 * 1024;
/** An idle connection between requests is closed after this long: above the 60 s idle timeout of common load balancers. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Limits of the HTTP server: body size, how long a request may take to arrive (REQUEST_TIMEOUT_MS; its head alone
 * HEADERS_TIMEOUT_MS), how long a connection may stay silent while a request is answered (a client that sends
 * requests and reads nothing), and how errors Node raises before Fastify sees a request are answered.
 */
export function httpLimits(config: Config): Pick<
  FastifyServerOptions,
  'bodyLimit' | 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'maxRequestsPerSocket' | 'clientErrorHandler'
> & { http: { headersTimeout: number; maxHeaderSize: number; connectionsCheckingInterval: number } } {
  return {
    bodyLimit: BODY_LIMIT,
    // Node closes a keep-alive connection after this many requests (0 is Node's "no limit").
    maxRequestsPerSocket: config.MAX_REQUESTS_PER_SOCKET,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      maxHeaderSize: MAX_HEADER_SIZE,
      // How often Node checks the two timeouts above (its default, 30 s, would let a request run a minute over).
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.HEADERS_TIMEOUT_MS / 2)),
    },
    clientErrorHandler,
  };
}

interface ClientErrorAnswer {
  status: number;
  reason: string;
  code: string;
  message: string;
}

/** What a client error Node raised is answered with (Node's http 'clientError': llhttp parse errors and timeouts). */
export function clientErrorAnswer(err: NodeJS.ErrnoException): ClientErrorAnswer {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, reason: 'Request Timeout', code: 'request_timeout', message: 'The request did not arrive in time.' };
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        reason: 'Request Header Fields Too Large',
        code: 'headers_too_large',
        message: `headers: the request line and headers are larger than ${MAX_HEADER_SIZE / 1024} KB.`,
      };
    case 'HPE_INVALID_HEADER_TOKEN':
      return { status: 400, reason: 'Bad Request', code: 'bad_request', message: 'headers: a header name or value holds a character HTTP does not allow.' };
    default:
      return { status: 400, reason: 'Bad Request', code: 'bad_request', message: 'The request is not valid HTTP.' };
  }
}

/**
 * Fastify's `clientErrorHandler`: answers in the { error: { code, message } } shape, on a connection that then
 * closes, unless the client is gone or an answer has already started on it.
 */
function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorAnswer(err);
  this.log.debug({ err, code: answer.code }, 'client error');
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ error: { code: answer.code, message: answer.message } });
    socket.write(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Connections from one address when MAX_CONNECTIONS_PER_ADDRESS is unset and the server is not behind a proxy. */
export const DEFAULT_CONNECTIONS_PER_ADDRESS = 128;

/** The connection limit per address in force: 0 is none (behind a proxy every connection is the proxy's). */
export function connectionsPerAddress(config: Config): number {
  return config.MAX_CONNECTIONS_PER_ADDRESS ?? (config.TRUST_PROXY ? 0 : DEFAULT_CONNECTIONS_PER_ADDRESS);
}

interface SocketState {
  /** Requests read from this connection whose answer has not finished. */
  pending: number;
  /** Whether this plugin paused reading the connection. */
  paused: boolean;
}

/**
 * What one connection may hold, so a handful of clients cannot take the server's memory or time:
 *
 * - at most `connectionsPerAddress` connections from one address at once: more are closed as they arrive (Node's
 *   `connection` event on the server Fastify made);
 * - at most MAX_PIPELINED_REQUESTS requests of one connection waiting for their answers. Node reads pipelined requests
 *   ahead and starts each at once, holding the answers back in order: a client that sends a stream of requests and
 *   reads nothing would make the server build answers without end. At the cap the connection is paused (no more is
 *   read until answers finish); a request past it, which was already in what Node read, closes the connection
 *   without being handled. Browsers never pipeline, so they never come near it.
 *
 * Counted in the first onRequest hook (before sessions, rate limits or any query) and when each answer closes.
 * Call right after creating the app, so the hook runs first.
 */
export function boundConnections(app: FastifyInstance, config: Config): void {
  const perAddress = connectionsPerAddress(config);
  if (perAddress > 0) {
    const open = new Map<string, number>();
    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (!address) return;
      const count = (open.get(address) ?? 0) + 1;
      if (count > perAddress) {
        app.log.debug({ address }, 'too many connections from one address: closed');
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  }

  const maxPending = config.MAX_PIPELINED_REQUESTS;
  const states = new WeakMap<Socket, SocketState>();
  app.addHook('onRequest', (req, reply, done) => {
    const socket = req.raw.socket as Socket | null;
    // app.inject has no real connection; nor does a request whose connection is already gone.
    if (!socket || typeof socket.pause !== 'function') return done();
    let state = states.get(socket);
    if (!state) {
      state = { pending: 0, paused: false };
      states.set(socket, state);
    }
    if (socket.destroyed || state.pending >= maxPending) {
      if (!socket.destroyed) req.log.debug({ pending: state.pending }, 'too many pipelined requests on one connection: closed');
      reply.hijack();
      socket.destroy();
      return;
    }
    state.pending += 1;
    if (state.pending >= maxPending && !state.paused) {
      state.paused = true;
      socket.pause();
    }
    const current = state;
    reply.raw.once('close', () => {
      current.pending -= 1;
      if (current.paused && current.pending < maxPending && !socket.destroyed) {
        current.paused = false;
        socket.resume();
      }
    });
    done();
  });
}
