import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeptAnswers } from './kept-answers.ts';

// The warning for a slow answer made before routing, over a real socket (the HTTP front reads these requests).
const warnings: { fields: Record<string, unknown>; msg: string }[] = [];
const log = {
  warn: (fields: Record<string, unknown>, msg: string) => warnings.push({ fields, msg }),
  info: () => {},
  error: () => {},
  isLevelEnabled: (level: string) => level !== 'info',
} as unknown as FastifyBaseLogger;

/** Holds the thread, as a slow search would. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

const kept = createKeptAnswers();
const server = kept.serverFactory(
  (_req, res) => {
    res.statusCode = 404;
    res.end('{}');
  },
  {},
);
let base = '';

beforeAll(async () => {
  kept.add('/fast/', () => '{"data":"fast"}');
  kept.add('/slow/', () => {
    busy(40);
    return '{"data":"slow"}';
  });
  kept.addPost('/search', (body) => {
    busy(40);
    return JSON.stringify({ data: body });
  });
  kept.attach({ headersFor: () => ({}), nextRequestId: () => 'id-1', log, slowMs: 25 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  kept.stop();
  await new Promise((resolve) => server.close(resolve));
});

describe('slow answers before routing', () => {
  it('logs a warning with the path, the time taken and a POST body; a quick answer logs none', async () => {
    expect(await (await fetch(`${base}/fast/1`)).text()).toBe('{"data":"fast"}');
    expect(warnings).toEqual([]);

    expect(await (await fetch(`${base}/slow/1`)).text()).toBe('{"data":"slow"}');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toBe('slow answer before routing');
    expect(warnings[0].fields.req).toEqual({ method: 'GET', url: '/slow/1' });
    expect(warnings[0].fields.responseTime).toBeGreaterThanOrEqual(39);
    expect(warnings[0].fields.body).toBeUndefined();

    const asked = JSON.stringify({ input: 'l o r h r f k c' });
    const res = await fetch(`${base}/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: asked });
    expect(await res.json()).toEqual({ data: { input: 'l o r h r f k c' } });
    expect(warnings).toHaveLength(2);
    expect(warnings[1].fields.req).toEqual({ method: 'POST', url: '/search' });
    expect(warnings[1].fields.body).toBe(asked);
  });

  it('shows at most the first 256 bytes of a long body', async () => {
    const asked = JSON.stringify({ input: 'x'.repeat(1000) });
    await fetch(`${base}/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: asked });
    expect(warnings.at(-1)?.fields.body).toBe(asked.slice(0, 256));
  });
});
