import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp({ REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await ctx?.close();
});

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfterMs: number;
}

/** Sends `parts` on a raw connection, `gapMs` apart, until the server closes it; resolves with what it answered. */
function rawRequest(parts: Array<string | Buffer>, gapMs = 0): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (d) => {
      received += d.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const [head, body = ''] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body, closedAfterMs: performance.now() - t0 });
    });
    socket.setTimeout(20_000, () => {
      socket.destroy();
      reject(new Error(`no close after 20 s; got ${received}`));
    });
    const send = (i: number) => {
      if (i >= parts.length || socket.destroyed) return;
      socket.write(parts[i]);
      timer = setTimeout(() => send(i + 1), gapMs);
    };
    socket.on('connect', () => send(0));
  });
}

describe('errors Node raises before a request reaches Fastify', () => {
  it('answers a header with a character HTTP does not allow 400 in the error shape', async () => {
    const res = await rawRequest(['GET /api/auth/session HTTP/1.1\r\nHost: localhost\r\nX-Bad\u0001Name: yes\r\n\r\n']);
    expect(res.status).toBe(400);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'bad_request', message: 'headers: a header name or value holds a character HTTP does not allow.' },
    });
  });

  it('answers a request line that is not HTTP 400', async () => {
    const res = await rawRequest(['GARBAGE\r\n\r\n']);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'bad_request', message: 'The request is not valid HTTP.' } });
  });

  it('answers a head over 16 KB 431', async () => {
    const res = await rawRequest([`GET /api/auth/session HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'headers_too_large', message: 'headers: the request line and headers are larger than 16 KB.' },
    });
  });

  it('answers a head sent too slowly 408 once HEADERS_TIMEOUT_MS has passed', async () => {
    const head = 'GET /api/auth/session HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n'.split('');
    const res = await rawRequest(head, 250);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'request_timeout', message: 'The request did not arrive in time.' } });
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(1000);
    expect(res.closedAfterMs).toBeLessThan(5000);
  });

  it('cuts a body sent one byte at a time once REQUEST_TIMEOUT_MS has passed', async () => {
    const body = JSON.stringify({ email: 'slow@example.com' });
    const head = `POST /api/auth/email-link HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const res = await rawRequest([head, ...body.split('')], 250);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body).error.code).toBe('request_timeout');
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(1500);
    expect(res.closedAfterMs).toBeLessThan(6000);
  });
});

describe('body limits', () => {
  it('answers a body over the limit 413 naming the body, and takes one under it', async () => {
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email-link',
      payload: { email: `${'a'.repeat(20_000)}@example.com` },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: { code: 'body_too_large', message: 'body: is larger than 1 KB.' } });
    const global = await ctx.app.inject({ method: 'POST', url: '/api/user/setProfile', payload: { displayName: 'x', bio: 'b'.repeat(17_000) } });
    expect(global.statusCode).toBe(413);
    expect(global.json()).toEqual({ error: { code: 'body_too_large', message: 'body: is larger than 16 KB.' } });
  });
});
