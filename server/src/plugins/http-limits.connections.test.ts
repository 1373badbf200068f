import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { loadConfig } from '../config.ts';
import { connectionsPerAddress, DEFAULT_CONNECTIONS_PER_ADDRESS } from './http-limits.ts';

/**
 * A handful of connections must not take the server down: raw sockets that pipeline requests and never read, and
 * more connections from one address than it may open (plugins/http-limits.ts, boundConnections).
 */
let ctx: TestContext;
let port: number;
const PER_ADDRESS = 40;
const PIPELINED = 16;

beforeAll(async () => {
  ctx = await createTestApp({ MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS), MAX_PIPELINED_REQUESTS: String(PIPELINED) });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await ctx?.close();
});

interface Raw {
  socket: Socket;
  /** Resolves with what was received once the server (or the test) closed the connection. */
  closed: Promise<string>;
  connected: Promise<void>;
}

function open(opts: { read?: boolean } = {}): Raw {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  if (opts.read === false) socket.pause();
  else socket.on('data', (d) => (received += d.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, closed, connected };
}

async function healthz(): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } });
  await res.arrayBuffer();
  return res.status;
}

describe('pipelined requests a client never reads', () => {
  it('30 connections each sending 64 KB of pipelined GETs are closed; /healthz answers meanwhile; memory stays bounded', async () => {
    const request = 'GET /api/home/carousel HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const flood = request.repeat(Math.ceil((64 * 1024) / request.length));
    const rssBefore = process.memoryUsage().rss;
    const attackers = Array.from({ length: 30 }, () => open({ read: false }));
    await Promise.all(attackers.map((a) => a.connected));
    for (const a of attackers) a.socket.write(flood);
    // A fresh client is answered while the flood is on.
    const answers = await Promise.all([healthz(), healthz(), healthz()]);
    expect(answers).toEqual([200, 200, 200]);
    // The server closed every flooding connection itself: once the clients read again they find them closed
    // (a connection still open would be kept alive, and the test would not end).
    for (const a of attackers) a.socket.on('data', () => undefined).resume();
    await Promise.all(attackers.map((a) => a.closed));
    expect(attackers.every((a) => a.socket.destroyed)).toBe(true);
    expect(await healthz()).toBe(200);
    const growthMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    expect(growthMb).toBeLessThan(300);
  });

  it('answers a few pipelined requests in order, under the cap', async () => {
    const c = open();
    await c.connected;
    const n = PIPELINED - 1;
    let body = '';
    for (let i = 0; i < n; i++) body += `GET /healthz?i=${i} HTTP/1.1\r\nHost: localhost\r\n${i === n - 1 ? 'Connection: close\r\n' : ''}\r\n`;
    c.socket.write(body);
    const received = await c.closed;
    expect(received.match(/HTTP\/1\.1 200 /g)).toHaveLength(n);
  });

  it('closes a connection that sends more than the cap at once, without answering the extras', async () => {
    const c = open();
    await c.connected;
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(PIPELINED * 4));
    const received = await c.closed;
    expect((received.match(/HTTP\/1\.1 200 /g) ?? []).length).toBeLessThanOrEqual(PIPELINED);
  });
});

describe('connections from one address', () => {
  it(`closes those past MAX_CONNECTIONS_PER_ADDRESS as they arrive; the others still work`, async () => {
    const sockets = Array.from({ length: PER_ADDRESS + 5 }, () => open());
    await Promise.all(sockets.map((s) => s.connected));
    // Five of them are closed by the server as they arrive (the test closes none until the end).
    const closedEarly: Raw[] = [];
    await new Promise<void>((resolve) => {
      for (const s of sockets) {
        s.closed.then(() => {
          closedEarly.push(s);
          if (closedEarly.length === 5) resolve();
        });
      }
    });
    // The forty others are open and answer.
    const refused = [...closedEarly];
    const kept = sockets.filter((s) => !refused.includes(s));
    // Closed before sending anything, so never answered.
    for (const s of refused) expect(await s.closed).toBe('');
    expect(kept).toHaveLength(PER_ADDRESS);
    for (const s of kept) s.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    for (const answer of await Promise.all(kept.map((s) => s.closed))) expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    for (const s of sockets) s.socket.destroy();
    await Promise.all(sockets.map((s) => s.closed));
    // Once they are gone, the address may connect again.
    expect(await healthz()).toBe(200);
  });

  it('is 128 by default, and off behind a proxy unless set', () => {
    const base = { NODE_ENV: 'test', DATABASE_URL: 'sqlite::memory:' };
    expect(connectionsPerAddress(loadConfig(base))).toBe(DEFAULT_CONNECTIONS_PER_ADDRESS);
    expect(connectionsPerAddress(loadConfig({ ...base, TRUST_PROXY: 'true' }))).toBe(0);
    expect(connectionsPerAddress(loadConfig({ ...base, TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_ADDRESS: '10' }))).toBe(10);
  });
});
