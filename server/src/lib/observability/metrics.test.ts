import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { recordCacheLookup } from './metrics.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('/metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 404 without the token or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: `Basic ${TOKEN}` }, { authorization: `Bearer ${TOKEN}x` }]) {
      const res = await ctx.app.inject({ url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /metrics.' } });
    }
  });

  it('answers Prometheus text to the token: process metrics, request durations by route pattern, cache lookups', async () => {
    await ctx.app.inject('/api/movies/movie/tt0000404');
    await ctx.app.inject('/api/no-such-thing');
    recordCacheLookup('test-cache', true);
    recordCacheLookup('test-cache', false);
    recordCacheLookup('test-cache', false);
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{[^}]*method="GET",route="\/api\/movies\/:type\/:id",status_code="\d{3}"/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} \d/);
    // Never the raw URL.
    expect(text).not.toContain('tt0000404');
    expect(text).toContain('reelhouse_cache_lookups_total{cache="test-cache",result="hit"} 1');
    expect(text).toContain('reelhouse_cache_lookups_total{cache="test-cache",result="miss"} 2');
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('is a 404, whatever the request carries', async () => {
    const ctx = await createTestApp();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await ctx.app.inject({ url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    } finally {
      await ctx.close();
    }
  });
});
