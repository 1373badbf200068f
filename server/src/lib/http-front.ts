import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The HTTP front: kept answers read and written on the connection itself, before Node's HTTP server.
 *
 * Node's HTTP server costs more per request than a kept answer does: on a 2-core VM a bare `node:http` server sending
 * 2 KB did 22,900 req/s at 50 connections (p99 7.4 ms), where the same bytes written from a `node:net` socket did 64,400
 * (p99 2.3 ms). So each new connection is read here first. While every request on it is one the responder answers,
 * the front parses it and writes the answer itself; at the first request it does not take, it hands the connection,
 * with the unread bytes, to Node's HTTP server for good, which from then on answers every request on it as usual.
 *
 * It takes only what it can read without doubt, and hands over everything else to Node, which then answers or refuses it
 * exactly as it would have:
 *
 * - a complete request in the bytes at hand: a request split across reads (a slow client, a body in parts) is
 *   handed over, so the front never waits or buffers, and Node's timeouts apply to slow clients;
 * - `GET` or `POST`, `HTTP/1.1`, an origin-form target of visible ASCII, header lines of RFC 9110 token names and field
 *   values (no obsolete line folding, no bare CR or LF), one Host header, at most one X-Request-Id and Content-Type, a head of at most 16 KB (Node's default);
 * - no Transfer-Encoding, Expect, Upgrade or Content-Encoding; Connection absent or `keep-alive`; for GET no body,
 *   for POST one Content-Length of digits whose bytes are all there.
 *
 * Answers made in one turn of the event loop leave at its end, each connection's in one write (as in
 * lib/write-batching.ts); a connection handed over first sends what the front still holds for it, so answers keep
 * the order of the requests. Idle connections close after the keep-alive timeout, as Node's do, and when the
 * server stops.
 */

/** A request read whole by the front. */
export interface FrontRequest {
  method: 'GET' | 'POST';
  /** The request target as sent (a path, maybe with a query). */
  url: string;
  /** An Authorization or Cookie header came with it. */
  credentials: boolean;
  /** The x-request-id header as sent, unchecked. */
  requestId: string | undefined;
  contentType: string | undefined;
  /** A POST's body: exactly Content-Length bytes (empty for GET). */
  body: Buffer;
}

/** A body: text (sent as UTF-8), bytes, or parts of either sent one after the other. */
export type FrontBody = string | Buffer | readonly (string | Buffer)[];

/** A 200 answer: its header lines after the status line (each ending in CRLF; Date and Connection are added), and its body. */
export interface FrontAnswer {
  headers: string;
  body: FrontBody;
}

/** The answer for a request, or undefined to hand the connection to Node's HTTP server. */
export type FrontResponder = (req: FrontRequest) => FrontAnswer | undefined;

export interface HttpFront {
  /** From now on idle connections close and requests go to Node's HTTP server. */
  stop(): void;
  /** Requests answered by the front, and connections handed over, since start (for tests and benchmarks). */
  stats(): { answered: number; handedOver: number; open: number };
}

/** Node's default limit on a request head (--max-http-header-size). */
const MAX_HEAD = 16 * 1024;
/** The largest body the front reads. */
const MAX_BODY = 64 * 1024;
const REQUEST_LINE = /^(GET|POST) (\/[!-~]*) HTTP\/1\.1$/;
const HEADER_LINE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+:[\t\x20-\x7e\x80-\xff]*$/;
const DIGITS = /^\d{1,15}$/;

/** A field value without the spaces and tabs around it (String.prototype.trim would take more). */
function fieldValue(line: string, colon: number): string {
  let start = colon + 1;
  let end = line.length;
  while (start < end && (line.charCodeAt(start) === 32 || line.charCodeAt(start) === 9)) start++;
  while (end > start && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9)) end--;
  return line.slice(start, end);
}

/** The request in `text` from `start` with its head ending at `headEnd` (the blank line), or undefined to hand over. */
function parseHead(text: string, start: number, headEnd: number): (FrontRequest & { length: number }) | undefined {
  const lines = text.slice(start, headEnd).split('\r\n');
  const first = REQUEST_LINE.exec(lines[0]);
  if (first === null) return undefined;
  let hosts = 0;
  let length: number | undefined;
  let credentials = false;
  let requestId: string | undefined;
  let contentType: string | undefined;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (!HEADER_LINE.test(line)) return undefined;
    const colon = line.indexOf(':');
    switch (line.slice(0, colon).toLowerCase()) {
      case 'host':
        hosts++;
        break;
      case 'content-length': {
        const value = fieldValue(line, colon);
        if (length !== undefined || !DIGITS.test(value)) return undefined;
        length = Number(value);
        break;
      }
      case 'authorization':
      case 'cookie':
        credentials = true;
        break;
      // Node joins or drops repeated ones: the front reads only one.
      case 'x-request-id':
        if (requestId !== undefined) return undefined;
        requestId = fieldValue(line, colon);
        break;
      case 'content-type':
        if (contentType !== undefined) return undefined;
        contentType = fieldValue(line, colon);
        break;
      case 'connection':
        if (fieldValue(line, colon).toLowerCase() !== 'keep-alive') return undefined;
        break;
      case 'transfer-encoding':
      case 'content-encoding':
      case 'expect':
      case 'upgrade':
        return undefined;
    }
  }
  if (hosts !== 1) return undefined;
  const method = first[1] as 'GET' | 'POST';
  if (method === 'GET' ? (length ?? 0) !== 0 : length === undefined || length > MAX_BODY) return undefined;
  return { method, url: first[2], credentials, requestId, contentType, body: EMPTY, length: length ?? 0 };
}

const EMPTY = Buffer.alloc(0);

/** Node's Date header, made once a second. */
let dateSecond = -1;
let dateText = '';
function httpDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
}

interface Connection {
  socket: Socket;
  /** Answers made this turn and not yet written. */
  out: (string | Buffer)[];
  onData(chunk: Buffer): void;
  onTimeout(): void;
  onError(): void;
  onDrain(): void;
  onEnd(): void;
  /** Still read by the front (false once handed over). */
  front: boolean;
}

/**
 * Puts the front before `server`'s own connection handling. `keepAliveTimeout` is the server's (ms), sent in the
 * Keep-Alive header as Node does.
 */
export function attachHttpFront(server: Server, respond: FrontResponder, opts: { keepAliveTimeout: number }): HttpFront {
  // Node's own handling of a new connection (http.Server's 'connection' listener), called at hand-over.
  const nodeListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const open = new Set<Connection>();
  let stopped = false;
  let answered = 0;
  let handedOver = 0;
  const keepAlive = opts.keepAliveTimeout > 0 ? `Keep-Alive: timeout=${Math.floor(opts.keepAliveTimeout / 1000)}\r\n` : '';
  // Connections with answers waiting for the end of this turn.
  let dirty: Connection[] = [];

  function write(conn: Connection): void {
    const out = conn.out;
    if (out.length === 0) return;
    conn.out = [];
    const socket = conn.socket;
    if (socket.destroyed) return;
    socket.cork();
    for (const part of out) socket.write(part);
    socket.uncork();
    // A client that sends faster than it reads: read no more until it has taken what it was sent.
    if (socket.writableNeedDrain && conn.front) {
      socket.pause();
      socket.once('drain', conn.onDrain);
    }
  }

  function writeAll(): void {
    const conns = dirty;
    dirty = [];
    for (const conn of conns) write(conn);
  }

  function handOver(conn: Connection, rest: Buffer): void {
    const socket = conn.socket;
    open.delete(conn);
    handedOver++;
    socket.off('data', conn.onData);
    socket.off('timeout', conn.onTimeout);
    socket.off('error', conn.onError);
    socket.off('drain', conn.onDrain);
    socket.off('end', conn.onEnd);
    socket.setTimeout(0);
    // What the front answered goes first (written without pausing the connection: see below).
    conn.front = false;
    write(conn);
    // Node's HTTP server reads the connection in C++ from now on ("consumes" its handle). The bytes handed back are put
    // in front of the stream while it flows, inside this 'data' event: they go to Node's parser now, before anything
    // the kernel delivers next. (Were the stream paused, they would wait in it while the parser read newer bytes.)
    for (const listener of nodeListeners) listener.call(server, socket);
    socket.unshift(rest);
  }

  server.on('connection', (socket: Socket) => {
    if (stopped) {
      for (const listener of nodeListeners) listener.call(server, socket);
      return;
    }
    const conn: Connection = {
      socket,
      out: [],
      front: true,
      onData(chunk) {
        const text = chunk.toString('latin1');
        let at = 0;
        while (at < text.length) {
          const headEnd = text.indexOf('\r\n\r\n', at);
          if (stopped || headEnd < 0 || headEnd - at > MAX_HEAD) return handOver(conn, chunk.subarray(at));
          const req = parseHead(text, at, headEnd);
          if (req === undefined) return handOver(conn, chunk.subarray(at));
          const bodyStart = headEnd + 4;
          const next = bodyStart + req.length;
          if (next > chunk.length) return handOver(conn, chunk.subarray(at));
          if (req.length > 0) req.body = chunk.subarray(bodyStart, next);
          let answer: FrontAnswer | undefined;
          try {
            answer = respond(req);
          } catch {
            // Node's server, and the application behind it, answer it and report what went wrong.
            answer = undefined;
          }
          if (answer === undefined) return handOver(conn, chunk.subarray(at));
          let bytes = 0;
          const body = answer.body;
          if (typeof body === 'string' || Buffer.isBuffer(body)) bytes = Buffer.byteLength(body);
          else for (const part of body) bytes += Buffer.byteLength(part);
          conn.out.push(
            `HTTP/1.1 200 OK\r\n${answer.headers}content-length: ${bytes}\r\nDate: ${httpDate()}\r\nConnection: keep-alive\r\n${keepAlive}\r\n`,
          );
          if (typeof body === 'string' || Buffer.isBuffer(body)) conn.out.push(body);
          else for (const part of body) conn.out.push(part);
          answered++;
          if (dirty.push(conn) === 1) setImmediate(writeAll);
          at = next;
        }
      },
      onTimeout() {
        socket.destroy();
      },
      // Node's HTTP server listens for errors once it takes the connection; until then a broken one just closes.
      onError() {
        socket.destroy();
      },
      onDrain() {
        socket.resume();
      },
      // The client has sent all it will (Node's server allows half-open connections): answer, then close, as Node does.
      onEnd() {
        open.delete(conn);
        write(conn);
        socket.end();
      },
    };
    open.add(conn);
    socket.on('data', conn.onData);
    socket.on('timeout', conn.onTimeout);
    socket.on('error', conn.onError);
    socket.on('end', conn.onEnd);
    socket.once('close', () => open.delete(conn));
    if (opts.keepAliveTimeout > 0) socket.setTimeout(opts.keepAliveTimeout);
  });

  return {
    stop() {
      stopped = true;
      for (const conn of open) {
        write(conn);
        conn.socket.end();
      }
      open.clear();
    },
    stats: () => ({ answered, handedOver, open: open.size }),
  };
}
