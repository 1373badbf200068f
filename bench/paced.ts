// Open-loop load at a fixed rate, for latency at a stated load (what a p99 budget means), next to the
// closed loop (bench/closed.ts), where each connection sends its next request the moment an answer arrives
// and latency is then the queue the load generator itself keeps full (50 connections / throughput).
//
// Requests are due at fixed times: request i at start + i / rate, on connection i mod connections,
// whatever the server does. A request that falls due while its connection still waits for an answer
// goes out as soon as that answer arrives, and its latency counts from when it was due, not from when
// it was sent; so a stall of the server counts against every request it delays (no "coordinated
// omission", as in Gil Tene's wrk2). The generator runs in its own process (own heap, own core), so its
// garbage collection does not land in the figures; how late it sent is reported separately (lag).
//
// As a library: runPaced(...). As a program (what runPaced spawns):
//   node --import tsx bench/paced.ts <base> <connections> <rate> <seconds> <requests.tsv> <offset> [headers.json]
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type LatencyFigures, type LoadRequest, readRequestFile, runForFigures, withRequestFile } from './load.ts';

/** Latency here counts from when each request was due; errors include requests left unanswered 10 s after the run. */
export interface PacedResult extends LatencyFigures {
  /** Requests due in the run, and answered. */
  due: number;
  answered: number;
  /** Answers per second over the run. */
  rps: number;
  /** p99 of how late the generator itself sent requests whose connection was free (its own noise), ms. */
  lagP99: number;
}

const here = fileURLToPath(import.meta.url);

/** Sends `requests` (in order, from `offset`, wrapping) at `rate` per second over `connections` for `seconds`. */
export async function runPaced(opts: {
  base: string;
  connections: number;
  rate: number;
  seconds: number;
  requests: LoadRequest[];
  offset?: number;
  core?: number;
  /** Sent with every request (a session cookie, say). */
  headers?: Record<string, string>;
  /** This generator bundled to plain JavaScript (bench/compare.ts makes one): started without tsx, so in a few ms. */
  program?: string;
}): Promise<PacedResult> {
  // Only the requests this run sends, from the offset on.
  const count = Math.min(opts.requests.length, Math.round(opts.rate * opts.seconds) + 1);
  const window = Array.from({ length: count }, (_, k) => opts.requests[((opts.offset ?? 0) + k) % opts.requests.length]);
  return withRequestFile(window, (list) =>
    runForFigures<PacedResult>(
      process.execPath,
      [...(opts.program ? [opts.program] : ['--import', 'tsx', here]), opts.base, String(opts.connections), String(opts.rate), String(opts.seconds), list, '0', JSON.stringify(opts.headers ?? {})],
      opts.core,
      'PACED',
    ),
  );
}

interface Conn {
  socket: Socket;
  busy: boolean;
  /** When the request in flight was due. */
  due: number;
  /** Due times of requests waiting for this connection. */
  waiting: number[];
  /** Their requests, in the same order. */
  queued: string[];
  buf: Buffer | null;
  /** Bytes of the answer being read (head and body), or -1 until its head is in. */
  need: number;
  status: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const ms = (x: number) => Math.round(x * 100) / 100;

/** The generator itself (run in its own process by runPaced). */
export async function pacedLoad(
  base: string,
  connections: number,
  rate: number,
  seconds: number,
  requests: LoadRequest[],
  offset: number,
  headers: Record<string, string> = {},
): Promise<PacedResult> {
  const url = new URL(base);
  const host = url.host;
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const format = (r: LoadRequest) => {
    const head = `${r.method} ${r.path} HTTP/1.1\r\nHost: ${host}\r\n${extra}${r.auth ? `Authorization: ${r.auth}\r\n` : ''}`;
    return r.body ? `${head}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(r.body)}\r\n\r\n${r.body}` : `${head}\r\n`;
  };
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies = new Float64Array(total);
  const lags: number[] = [];
  let answered = 0;
  let errors = 0;
  let finish: (() => void) | null = null;
  let settled = 0;
  const settle = () => {
    settled++;
    if (settled === total) finish?.();
  };

  const conns: Conn[] = await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<Conn>((resolve, reject) => {
          const socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true });
          const c: Conn = { socket, busy: false, due: 0, waiting: [], queued: [], buf: null, need: -1, status: 0 };
          socket.once('connect', () => resolve(c));
          socket.once('error', reject);
        }),
    ),
  );
  const send = (c: Conn, due: number, request: string) => {
    c.busy = true;
    c.due = due;
    c.socket.write(request);
  };
  const fail = (c: Conn) => {
    // The connection is gone: what it was carrying and what waits for it are errors.
    const lost = (c.busy ? 1 : 0) + c.waiting.length;
    c.busy = false;
    c.waiting = [];
    c.queued = [];
    for (let k = 0; k < lost; k++) settle();
  };
  for (const c of conns) {
    c.socket.on('error', () => fail(c));
    c.socket.on('close', () => fail(c));
    c.socket.on('data', (chunk: Buffer) => {
      c.buf = c.buf ? Buffer.concat([c.buf, chunk]) : chunk;
      for (;;) {
        const buf: Buffer | null = c.buf;
        if (!buf) return;
        if (c.need < 0) {
          const end = buf.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buf.toString('latin1', 0, end);
          c.status = Number(head.slice(9, 12));
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (length) c.need = end + 4 + Number(length[1]);
          else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
            // A chunked body ends with a chunk of length 0 (JSON never holds the CRLFs around it).
            const last = buf.indexOf('\r\n0\r\n\r\n', end);
            if (last < 0) return;
            c.need = last + 7;
          } else c.need = end + 4; // 204, 304: no body
        }
        if (buf.length < c.need) return;
        const now = performance.now();
        c.buf = buf.length > c.need ? buf.subarray(c.need) : null;
        c.need = -1;
        if (c.status >= 400) errors++;
        latencies[answered++] = now - c.due;
        c.busy = false;
        settle();
        const due = c.waiting.shift();
        if (due !== undefined) send(c, due, c.queued.shift() as string);
      }
    });
  }

  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const start = performance.now() + 20;
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total) {
        const due = start + next * interval;
        if (due > now) break;
        const c = conns[next % connections];
        const request = format(requests[(offset + next) % requests.length]);
        if (c.socket.destroyed) settle();
        else if (c.busy) {
          c.waiting.push(due);
          c.queued.push(request);
        } else {
          lags.push(now - due);
          send(c, due, request);
        }
        next++;
      }
      if (next < total) setImmediate(tick);
      else resolve();
    };
    setImmediate(tick);
  });
  const sentAll = performance.now();
  const timeout = setTimeout(() => finish?.(), 10_000);
  await done;
  clearTimeout(timeout);
  const elapsed = (Math.max(sentAll, performance.now()) - start) / 1000;
  for (const c of conns) c.socket.destroy();
  const sorted = latencies.slice(0, answered).sort();
  const lagSorted = Float64Array.from(lags).sort();
  return {
    due: total,
    answered,
    rps: Math.round(answered / elapsed),
    p50: ms(percentile(sorted, 50)),
    p90: ms(percentile(sorted, 90)),
    p99: ms(percentile(sorted, 99)),
    max: ms(sorted.length ? sorted[sorted.length - 1] : 0),
    // Error answers, and requests never answered (lost with their connection, or still waiting at the end).
    errors: errors + (total - answered),
    lagP99: ms(percentile(lagSorted, 99)),
  };
}

if (process.argv[1] === here) {
  const [base, connections, rate, seconds, file, offset, headers] = process.argv.slice(2);
  const r = await pacedLoad(base, Number(connections), Number(rate), Number(seconds), readRequestFile(file), Number(offset), JSON.parse(headers ?? '{}'));
  process.stdout.write(`PACED ${JSON.stringify(r)}\n`);
  process.exit(0);
}
