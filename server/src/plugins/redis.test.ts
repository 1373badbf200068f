import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext, uniqueEmail } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';

// A client address of its own, so parallel runs sharing this Redis do not count together.
const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: TestContext;
let b: TestContext;
let redis: Redis;
beforeAll(async () => {
  redis = new Redis(REDIS_URL);
  a = await createTestApp({ REDIS_URL, SIGNIN_RATE_LIMIT: '3' });
  b = await createTestApp({ REDIS_URL, SIGNIN_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.quit();
});

describe('with Redis', () => {
  it('shares the sign-in rate limit between server processes', async () => {
    const send = (ctx: TestContext) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: { email: uniqueEmail() }, remoteAddress: ip });
    expect((await send(a)).statusCode).toBe(200);
    expect((await send(b)).statusCode).toBe(200);
    expect((await send(a)).statusCode).toBe(200);
    const fourth = await send(b);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('rate_limited');
    expect((await redis.keys(`reelhouse-rl:*${ip}*`)).length).toBeGreaterThan(0);
  });

  it('drops a cached session on every instance when it ends on one', async () => {
    // A second instance on the same database as the first.
    const other = await buildApp({ config: a.config, database: a.database, logger: false });
    await other.ready();
    try {
      const s = await signIn(a);
      expect((await other.inject({ method: 'GET', url: '/api/user/me', headers: s.headers })).statusCode).toBe(200);
      expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers })).statusCode).toBe(200);
      let status = 200;
      for (let i = 0; i < 50 && status === 200; i++) {
        await new Promise((r) => setTimeout(r, 20));
        status = (await other.inject({ method: 'GET', url: '/api/user/me', headers: s.headers })).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('reports Redis in readiness', async () => {
    expect((await a.app.inject('/readyz')).statusCode).toBe(200);
  });
});
