import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './request-logger.ts';

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
