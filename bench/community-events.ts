// 1,000 open event streams on one server process (issue 41): each of 1,000 people opens `GET /api/events`, then
// 1,000 other people each follow one of them over HTTP, at a fixed rate (open loop: follow i is due at start + i /
// rate, whatever the server does); the time from when a follow was due to its `event: notification` arriving on the
// followed person's stream is the latency. Also the server's memory with every stream open.
import http from 'node:http';
import { bearerOf } from './seed/people.ts';

export interface StreamsResult {
  streams: number;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** From the first follow due to the last notification received, ms. */
  spanMs: number;
}

interface Stream {
  request: http.ClientRequest;
  /** Resolves with the time the next notification arrives. */
  next(): Promise<number>;
}

function openStream(base: string, person: number, agent: http.Agent): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let waiting: ((at: number) => void) | null = null;
    let arrived: number[] = [];
    let text = '';
    const request = http.get(`${base}/api/events`, { agent, headers: { authorization: bearerOf(person), accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`GET /api/events answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        let end = text.indexOf('\n\n');
        while (end !== -1) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          if (block.startsWith('event: notification')) {
            const at = performance.now();
            if (waiting) {
              const w = waiting;
              waiting = null;
              w(at);
            } else arrived.push(at);
          }
          end = text.indexOf('\n\n');
        }
      });
      resolve({
        request,
        next: () => {
          if (arrived.length) {
            const [at, ...rest] = arrived;
            arrived = rest;
            return Promise.resolve(at);
          }
          return new Promise((r) => {
            waiting = r;
          });
        },
      });
    });
    request.on('error', reject);
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const ms2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Opens a stream for each listener, then has each actor follow their listener (`ids` maps a person to their id),
 * `rate` follows a second; answers the delivery latencies. `onOpen` runs with every stream open (to read the memory).
 */
export async function notifyStreams(
  base: string,
  pairs: { listener: number; actor: number }[],
  ids: (n: number) => string,
  rate: number,
  onOpen: () => void,
  timeoutMs = 30_000,
): Promise<StreamsResult> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const streams: Stream[] = [];
  try {
    for (let i = 0; i < pairs.length; i += 100) streams.push(...(await Promise.all(pairs.slice(i, i + 100).map((p) => openStream(base, p.listener, agent)))));
    onOpen();
    const latencies: number[] = [];
    const t0 = performance.now();
    let lastAt = t0;
    const sends = pairs.map(async ({ listener, actor }, i) => {
      const due = t0 + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const arrival = streams[i].next();
      const res = await fetch(`${base}/api/user/follow`, {
        method: 'POST',
        headers: { authorization: bearerOf(actor), 'content-type': 'application/json' },
        body: JSON.stringify({ fromId: ids(actor), toId: ids(listener) }),
      });
      await res.arrayBuffer();
      // A refused follow, or a notification that never came, counts as an error (not delivered).
      if (res.status !== 200) return;
      const at = await Promise.race([arrival, new Promise<null>((r) => setTimeout(() => r(null), timeoutMs).unref())]);
      if (at === null) return;
      latencies.push(at - due);
      lastAt = Math.max(lastAt, at);
    });
    await Promise.all(sends);
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      streams: streams.length,
      delivered: latencies.length,
      p50: ms2(quantile(sorted, 0.5)),
      p99: ms2(quantile(sorted, 0.99)),
      max: ms2(sorted.at(-1) ?? Number.NaN),
      errors: pairs.length - latencies.length,
      spanMs: Math.round(lastAt - t0),
    };
  } finally {
    for (const s of streams) s.request.destroy();
    agent.destroy();
  }
}
