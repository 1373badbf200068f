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
  'bodyLimit' | 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'clientErrorHandler'
> & { http: { headersTimeout: number; maxHeaderSize: number; connectionsCheckingInterval: number } } {
  return {
    bodyLimit: BODY_LIMIT,
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
