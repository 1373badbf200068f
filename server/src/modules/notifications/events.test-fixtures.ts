import { request } from 'node:http';

export interface Stream {
  status: number;
  headers: Record<string, unknown>;
  /** The next event of that name, or a rejection after `ms`. */
  /** The first `event` not taken yet (and, given `match`, the first whose data it accepts), within `ms`. */
  next(event: string, ms?: number, match?: (data: unknown) => boolean): Promise<{ data: unknown; at: number }>;
  text(): string;
  /** The server ended the stream. */
  ended(): boolean;
  close(): void;
}

/** Opens GET /api/events as a page does and collects what arrives. */
export function openStream(base: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/events`, { headers: { ...headers, accept: 'text/event-stream' } }, (res) => {
      let buffer = '';
      const events: { event: string; data: unknown; at: number }[] = [];
      const waiters: (() => void)[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (name && data) events.push({ event: name, data: JSON.parse(data), at: Date.now() });
          end = buffer.indexOf('\n\n');
        }
        for (const w of waiters.splice(0)) w();
      });
      let all = '';
      let ended = false;
      res.on('end', () => {
        ended = true;
      });
      res.on('data', (c: string) => {
        all += c;
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => all,
        ended: () => ended,
        close: () => req.destroy(),
        next: (event, ms = 1000, match = () => true) =>
          new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`no ${event} event within ${ms} ms`)), ms);
            const look = () => {
              const i = events.findIndex((e) => e.event === event && match(e.data));
              if (i === -1) return waiters.push(look);
              clearTimeout(timer);
              const [e] = events.splice(i, 1);
              ok({ data: e.data, at: e.at });
            };
            look();
          }),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

