import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';

describe('readiness while starting', () => {
  it('answers /readyz 503 not_ready while start-up work is pending, and 200 once it is done', async () => {
    const ctx = await createTestApp();
    try {
      const done = ctx.app.readiness.waitFor('loading the catalogue');
      const waiting = await ctx.app.inject('/readyz');
      expect(waiting.statusCode).toBe(503);
      expect(waiting.json()).toEqual({ error: { code: 'not_ready', message: 'Starting: loading the catalogue.' } });
      expect((await ctx.app.inject('/healthz')).statusCode).toBe(200);
      done();
      expect((await ctx.app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('readiness under pressure', () => {
  it('answers /readyz 503 under_pressure once over a limit, while /healthz and other routes still answer', async () => {
    // Any process holds more than 1 MB of heap: over the limit from the first sample on.
    const ctx = await createTestApp({ PRESSURE_HEAP_USED_MB: '1' });
    try {
      let ready = await ctx.app.inject('/readyz');
      for (let i = 0; i < 40 && ready.statusCode === 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        ready = await ctx.app.inject('/readyz');
      }
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('10');
      expect(ready.json().error.code).toBe('under_pressure');
      expect(ready.json().error.message).toMatch(/^The heap holds \d+ MB \(limit 1 MB\)\.$/);
      expect((await ctx.app.inject('/healthz')).json()).toEqual({ data: { status: 'ok' } });
      expect((await ctx.app.inject('/api/auth/session')).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 under_pressure when the event loop is held longer than its limit', async () => {
    const ctx = await createTestApp({ PRESSURE_EVENT_LOOP_DELAY_MS: '50' });
    try {
      // Work that holds the event loop 100 ms at a time, over more than two samples.
      for (let i = 0; i < 12; i++) {
        const until = Date.now() + 100;
        while (Date.now() < until);
        await new Promise((r) => setTimeout(r, 0));
      }
      const ready = await ctx.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.message).toMatch(/^The event loop is (\d+|over 500) ms late \(limit 50 ms\)\.$/);
    } finally {
      await ctx.close();
    }
  });

  it('stays ready within the default memory limits', async () => {
    const ctx = await createTestApp();
    try {
      await new Promise((r) => setTimeout(r, 600));
      const ready = await ctx.app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json().data.status).toBe('ready');
    } finally {
      await ctx.close();
    }
  });
});
