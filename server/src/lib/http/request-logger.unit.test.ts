import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger, redactUrl } from './request-logger.ts';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

describe('per-request logger', () => {
  it('writes lines carrying the request id, at enabled levels only', async () => {
    const { logger, lines } = capture('warn');
    const log = lazyChildLogger(logger, { requestId: 'r-1' }, {});
    log.info('not written');
    log.error({ code: 7 }, 'written');
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ requestId: 'r-1', code: 7, msg: 'written', level: 50 });
    expect(log.child({ more: 1 }).level).toBe('warn');
  });

  it('uses a real child at once when the route sets its own level', () => {
    const { logger } = capture('warn');
    const log = lazyChildLogger(logger, { requestId: 'r-2' }, { level: 'debug' });
    expect(log.level).toBe('debug');
  });
});

describe('redactUrl', () => {
  it('hides the values of token-like query parameters and keeps the rest', () => {
    expect(redactUrl('/api/auth/magic-link/verify?token=abc123&callbackURL=%2Fhome')).toBe(
      '/api/auth/magic-link/verify?token=[redacted]&callbackURL=%2Fhome',
    );
    expect(redactUrl('/api/auth/callback/keycloak?code=xyz&state=s1&iss=https%3A%2F%2Fid')).toBe(
      '/api/auth/callback/keycloak?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid',
    );
    expect(redactUrl('/x?id_token=1&Access_Token=2&api%5Fkey=3&page=2')).toBe('/x?id_token=[redacted]&Access_Token=[redacted]&api%5Fkey=[redacted]&page=2');
    expect(redactUrl('/api/search?q=token&page=2')).toBe('/api/search?q=token&page=2');
    expect(redactUrl('/healthz')).toBe('/healthz');
    expect(redactUrl('/x?%E0%A4%A=1&token')).toBe('/x?%E0%A4%A=1&token');
  });
});
