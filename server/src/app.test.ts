import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('the server', () => {
  it('answers health and readiness', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ data: { status: 'ok' } });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.database).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
  });

  it('answers unknown /api paths with a JSON 404 and serves the app elsewhere', async () => {
    const api = await ctx.app.inject('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/no-such-thing.' } });
    const post = await ctx.app.inject({ method: 'POST', url: '/api/nothing' });
    expect(post.statusCode).toBe(404);
    for (const path of ['/', '/home', '/directory/movies?filter=top-rated', '/lists/abc/view']) {
      const page = await ctx.app.inject(path);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
    }
  });

  it('answers a broken escape or an over-long path part in the API error shape, naming the path', async () => {
    const broken = await ctx.app.inject('/api/movies/movie/%E0%A4%A');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: { code: 'bad_url', message: 'path: is not a valid address (a % must start an escape such as %20).' } });
    const long = await ctx.app.inject(`/api/movies/movie/tt${'9'.repeat(200)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: { code: 'uri_too_long', message: 'path: a part of the address is longer than 100 characters.' } });
    for (const res of [broken, long]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBeDefined();
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    // At the limit the route itself answers, and names the field.
    const atLimit = await ctx.app.inject(`/api/movies/movie/tt${'9'.repeat(98)}`);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().error.message).toMatch(/^id: /);
  });

  it('sends security headers with a strict content security policy and a request id', async () => {
    const res = await ctx.app.inject('/home');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    const api = await ctx.app.inject('/api/auth/session');
    expect(api.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(api.headers['x-request-id']).not.toBe(res.headers['x-request-id']);
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['strict-transport-security']).toMatch(/max-age=/);
    const given = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
  });

  it('generates the OpenAPI document from the route schemas and shows it at /api/docs', async () => {
    const doc = await ctx.app.inject('/api/docs/openapi.json');
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths['/api/auth/email-link'].post.requestBody.content['application/json'].schema.properties.email).toBeDefined();
    const redirect = await ctx.app.inject('/api/docs');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/api/docs/');
    const page = await ctx.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The reference (loaded with its first request) answers through the app's own routes, hooks and headers.
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).toContain('js/scalar.js');
    const script = await ctx.app.inject('/api/docs/js/scalar.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.rawPayload.length).toBeGreaterThan(1_000_000);
    const yaml = await ctx.app.inject('/api/docs/openapi.yaml');
    expect(yaml.headers['content-type']).toContain('yaml');
    expect(yaml.body).toContain('/api/auth/email-link');
  });
});

describe('the built web app', () => {
  it('is sent Brotli- or gzip-compressed from copies made at build time, as the browser accepts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelhouse-web-compressed-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const hello = ${JSON.stringify('Reelhouse '.repeat(400))};\n`;
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>Reelhouse</title><div id="root"></div>${' '.repeat(600)}`);
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
    execFileSync(process.execPath, ['scripts/compress-web.mjs', dir]);
    const web = await createTestApp({ WEB_DIST: dir });
    try {
      const br = await web.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const gz = await web.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
      const plain = await web.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      const page = await web.app.inject({ url: '/home', headers: { 'accept-encoding': 'br' } });
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
    } finally {
      await web.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
