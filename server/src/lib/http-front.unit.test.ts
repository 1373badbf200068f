import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { attachHttpFront, type FrontRequest, type HttpFront } from './http-front.ts';

// The HTTP front over real sockets, before a plain Node HTTP server: what it answers itself, and that everything else
// reaches Node's server byte for byte, in order.

interface Setup {
  server: Server;
  front: HttpFront;
  port: number;
  seen: FrontRequest[];
  nodeSaw: string[];
}

const open: Setup[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) {
    s.front.stop();
    s.server.closeAllConnections();
    await new Promise<void>((resolve) => s.server.close(() => resolve()));
  }
});

/** A server whose front answers GET /kept/... (body: the path, or parts for /kept/parts) and POST /kept with JSON {"n"}. */
async function setup(keepAliveTimeout = 5_000): Promise<Setup> {
  const nodeSaw: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      nodeSaw.push(`${req.method} ${req.url} ${body}`);
      res.setHeader('content-type', 'text/plain');
      res.end(`node ${req.method} ${req.url} ${body}`);
    });
  });
  server.keepAliveTimeout = keepAliveTimeout;
  const seen: FrontRequest[] = [];
  const front = attachHttpFront(
    server,
    (req) => {
      seen.push(req);
      if (req.method === 'GET' && req.url === '/kept/parts') return { headers: 'x-kind: parts\r\n', body: ['{"a":"é', Buffer.from('ü"}')] };
      if (req.method === 'GET' && req.url.startsWith('/kept/')) return { headers: 'x-kind: kept\r\n', body: `front ${req.url}` };
      if (req.method === 'POST' && req.url === '/kept') {
        let n: unknown;
        try {
          n = (JSON.parse(req.body.toString()) as { n?: unknown }).n;
        } catch {
          return undefined;
        }
        return typeof n === 'number' ? { headers: '', body: `front n=${n}` } : undefined;
      }
      return undefined;
    },
    { keepAliveTimeout },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const s = { server, front, port, seen, nodeSaw };
  open.push(s);
  return s;
}

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** Reads HTTP/1.1 answers (each with a content-length) off a socket until `count` have come or it closes. */
function reader(socket: Socket) {
  let buf = Buffer.alloc(0);
  const answers: Answer[] = [];
  let closed = false;
  let wake: (() => void) | null = null;
  socket.on('data', (d: Buffer) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) break;
      const lines = buf.subarray(0, end).toString('latin1').split('\r\n');
      const headers = lines.slice(1).map((l) => {
        const i = l.indexOf(':');
        return [l.slice(0, i).toLowerCase(), l.slice(i + 1).trim()] as [string, string];
      });
      const length = Number(headers.find(([n]) => n === 'content-length')?.[1] ?? 0);
      if (buf.length < end + 4 + length) break;
      answers.push({ status: Number(lines[0].split(' ')[1]), headers, body: buf.subarray(end + 4, end + 4 + length).toString() });
      buf = buf.subarray(end + 4 + length);
    }
    wake?.();
  });
  socket.on('close', () => {
    closed = true;
    wake?.();
  });
  return {
    answers,
    get closed() {
      return closed;
    },
    async next(count: number, ms = 3_000): Promise<Answer[]> {
      const deadline = Date.now() + ms;
      while (answers.length < count && !closed && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
      return answers.splice(0, count);
    },
    async closing(ms = 3_000): Promise<boolean> {
      const deadline = Date.now() + ms;
      while (!closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return closed;
    },
  };
}

async function dial(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}\r\n`;
const post = (path: string, body: string, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;
const header = (a: Answer, name: string) => a.headers.find(([n]) => n === name)?.[1];

describe('HTTP front', () => {
  it('answers a request it takes itself, with the headers Node would add and the byte length of the body', async () => {
    const s = await setup();
    const socket = await dial(s.port);
    const r = reader(socket);
    socket.write(get('/kept/one', 'X-Request-Id: abc\r\nCookie: a=b\r\n'));
    const [a] = await r.next(1);
    expect(a.status).toBe(200);
    expect(a.body).toBe('front /kept/one');
    expect(a.headers.map(([n]) => n)).toEqual(['x-kind', 'content-length', 'date', 'connection', 'keep-alive']);
    expect(header(a, 'date')).toBe(new Date(Date.parse(header(a, 'date') as string)).toUTCString());
    expect(header(a, 'connection')).toBe('keep-alive');
    expect(header(a, 'keep-alive')).toBe('timeout=5');
    expect(s.seen[0]).toMatchObject({ method: 'GET', url: '/kept/one', credentials: true, requestId: 'abc' });

    // A body in parts, with characters of two bytes: one answer, its length in bytes.
    socket.write(get('/kept/parts'));
    const [b] = await r.next(1);
    expect(b.body).toBe('{"a":"éü"}');
    expect(header(b, 'content-length')).toBe(String(Buffer.byteLength('{"a":"éü"}')));
    expect(s.front.stats()).toEqual({ answered: 2, handedOver: 0, open: 1 });
    socket.destroy();
  });

  it('answers requests sent together in order, handing the rest to Node at the first it does not take', async () => {
    const s = await setup();
    const socket = await dial(s.port);
    const r = reader(socket);
    socket.write(get('/kept/1') + post('/kept', '{"n":2}') + get('/other') + get('/kept/4') + post('/kept', '{"n":5}'));
    const answers = await r.next(5);
    expect(answers.map((a) => a.body)).toEqual(['front /kept/1', 'front n=2', 'node GET /other ', 'node GET /kept/4 ', 'node POST /kept {"n":5}']);
    expect(s.front.stats()).toMatchObject({ answered: 2, handedOver: 1, open: 0 });
    // The connection is Node's from now on, and stays open.
    socket.write(get('/kept/6'));
    expect((await r.next(1))[0].body).toBe('node GET /kept/6 ');
    socket.destroy();
  });

  it('hands over a request that came in parts, a body it does not take, and anything it cannot read without doubt', async () => {
    const cases: [string, string][] = [
      ['a head in two reads', 'split'],
      ['a body in two reads', 'split-body'],
      ['a body the responder refuses', post('/kept', '{"m":1}')],
      ['HTTP/1.0', 'GET /kept/x HTTP/1.0\r\nHost: localhost\r\n\r\n'],
      ['no Host', 'GET /kept/x HTTP/1.1\r\n\r\n'],
      ['two Host headers', get('/kept/x', 'Host: other\r\n')],
      ['a bare LF', 'GET /kept/x HTTP/1.1\r\nHost: localhost\nX-A: b\r\n\r\n'],
      ['a folded line', get('/kept/x', 'X-A: b\r\n c\r\n')],
      ['chunked', 'POST /kept HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n7\r\n{"n":1}\r\n0\r\n\r\n'],
      ['two lengths', get('/kept/x', 'Content-Length: 0\r\nContent-Length: 0\r\n')],
      ['a GET with a body', `${get('/kept/x', 'Content-Length: 3\r\n')}abc`],
      ['Connection: close', get('/kept/x', 'Connection: close\r\n')],
      ['Expect', post('/kept', '{"n":1}', 'Expect: 100-continue\r\n')],
      ['a HEAD', 'HEAD /kept/x HTTP/1.1\r\nHost: localhost\r\n\r\n'],
      ['a lower-case method', 'get /kept/x HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ];
    for (const [what, raw] of cases) {
      const s = await setup();
      const socket = await dial(s.port);
      const r = reader(socket);
      if (raw === 'split') {
        socket.write('GET /kept/x HTTP/1.1\r\nHo');
        await new Promise((res) => setTimeout(res, 30));
        socket.write('st: localhost\r\n\r\n');
      } else if (raw === 'split-body') {
        socket.write('POST /kept HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\ncontent-length: 7\r\n\r\n{"n"');
        await new Promise((res) => setTimeout(res, 30));
        socket.write(':1}');
      } else socket.write(raw);
      const answers = await r.next(1);
      expect(s.front.stats(), what).toMatchObject({ answered: 0, handedOver: 1 });
      // Node answers it (or refuses it with its own 400) exactly as it would without the front.
      expect(answers.length, what).toBe(1);
      expect(answers[0].body.startsWith('front'), what).toBe(false);
      socket.destroy();
    }
  });

  it('closes an idle connection after the keep-alive timeout, and every idle one when it stops', async () => {
    const s = await setup(300);
    const idle = await dial(s.port);
    const r1 = reader(idle);
    idle.write(get('/kept/a'));
    expect((await r1.next(1))[0].body).toBe('front /kept/a');
    expect(await r1.closing(2_000)).toBe(true);

    const s2 = await setup();
    const socket = await dial(s2.port);
    const r2 = reader(socket);
    socket.write(get('/kept/a'));
    await r2.next(1);
    s2.front.stop();
    expect(await r2.closing()).toBe(true);
    // New connections go straight to Node.
    const later = await dial(s2.port);
    const r3 = reader(later);
    later.write(get('/kept/b'));
    expect((await r3.next(1))[0].body).toBe('node GET /kept/b ');
    later.destroy();
  });

  it('stops reading from a client that sends faster than it reads, and answers everything in order once it reads', async () => {
    const s = await setup();
    const socket = await dial(s.port);
    socket.pause();
    const count = 4_000;
    socket.write(Array.from({ length: count }, (_, i) => get(`/kept/${i}`)).join(''));
    await new Promise((res) => setTimeout(res, 200));
    const r = reader(socket);
    socket.resume();
    const answers = await r.next(count, 10_000);
    expect(answers.length).toBe(count);
    // The front answers until a request is cut between two reads; Node answers that one and the rest.
    const { answered } = s.front.stats();
    expect(answered).toBeGreaterThan(0);
    expect(answers.map((a) => a.body.trim())).toEqual(
      Array.from({ length: count }, (_, i) => `${i < answered ? 'front' : 'node GET'} /kept/${i}`),
    );
    socket.destroy();
  });

  it("takes only requests that Node's own parser reads the same way (a thousand mutated requests, side by side)", async () => {
    // Node alone: what its parser made of each request, or its refusal.
    const nodeRead: string[] = [];
    const plain = createServer((req, res) => {
      // Recorded as the parser hands the request over, before it reads on (a body's bytes are Content-Length's).
      const h = req.headers;
      nodeRead.push(
        JSON.stringify([req.method, req.url, h.authorization !== undefined || h.cookie !== undefined, h['x-request-id'], h['content-type'], Number(h['content-length'] ?? 0)]),
      );
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    plain.on('clientError', (_err, socket) => {
      nodeRead.push('refused');
      socket.destroy();
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const plainPort = (plain.address() as { port: number }).port;
    const s = await setup();

    const send = (port: number, bytes: Buffer) =>
      new Promise<void>((resolve) => {
        // Sent whole and half-closed: each server answers what it read, then closes.
        const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
        socket.resume();
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
        setTimeout(() => socket.destroy(), 1_000);
      });

    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      // The high bits: the low ones of this generator repeat with a short period.
      return Math.floor((seed / 2_147_483_648) * n);
    };
    const bases = [
      get('/kept/a', 'X-Request-Id: r-1\r\nCookie: a=b\r\n'),
      post('/kept', '{"n":3}', 'Authorization: Bearer x\r\n'),
      `${get('/kept/b', 'content-length: 0\r\n')}${get('/kept/c')}`,
    ];
    const inserts = [' ', '\t', '\r', '\n', '\r\n', ':', 'a', 'A', '\u0000', '\u007f', '\u00e9', ',', '/', '0', 'Host: y\r\n', 'x-request-id: z\r\n'];
    const lines = [
      'Host: y',
      'x-request-id: z',
      'X-Request-Id: r-2',
      'Content-Type: text/plain',
      'content-length: 1',
      'Content-Length: 7',
      'Content-Length: +7',
      'Connection: close',
      'Connection: keep-alive',
      'connection: Keep-Alive, Upgrade',
      'Transfer-Encoding: chunked',
      'Transfer-Encoding: identity',
      'cookie: c=d',
      'Authorization: Basic eA==',
      ' folded',
      '\tfolded',
      'Expect: 100-continue',
      'Upgrade: websocket',
      'X-Empty:',
      'X-Odd: a\u00ffb',
      ': no-name',
    ];
    let taken = 0;
    for (let i = 0; i < 1_000; i++) {
      const text = bases[i % bases.length];
      const at = random(text.length);
      // A whole header line at the start of one (after the first line, or after any line end).
      const lineStarts = [...text.matchAll(/\r\n/g)].map((m) => (m.index as number) + 2);
      const lineAt = lineStarts[random(lineStarts.length)];
      const kind = random(4);
      const mutated =
        kind === 0
          ? text.slice(0, at) + text.slice(at + 1)
          : kind === 1
            ? text.slice(0, at) + inserts[random(inserts.length)] + text.slice(at)
            : kind === 2
              ? text.slice(0, at) + text[at].toUpperCase() + text.slice(at + 1)
              : `${text.slice(0, lineAt)}${lines[random(lines.length)]}\r\n${text.slice(lineAt)}`;
      const bytes = Buffer.from(mutated, 'latin1');
      nodeRead.length = 0;
      await send(plainPort, bytes);
      const seenBefore = s.seen.length;
      await send(s.port, bytes);
      // Every request the front read, Node read too, in the same place, as the same request.
      const frontRead = s.seen.slice(seenBefore).map((r) =>
        JSON.stringify([r.method, r.url, r.credentials, r.requestId, r.contentType, r.body.length]),
      );
      taken += frontRead.length;
      expect(nodeRead.slice(0, frontRead.length), JSON.stringify(mutated)).toEqual(frontRead);
    }
    // The mutations leave many requests whole: the comparison is not empty.
    expect(taken).toBeGreaterThan(300);
    await new Promise<void>((resolve) => plain.close(() => resolve()));
  });
});
