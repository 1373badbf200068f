import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../../test/fans.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { openStream } from './events.test-fixtures.ts';

// The request and idle-connection timeouts apply to ordinary requests, not to an open event stream.
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp({ REQUEST_TIMEOUT_MS: '500', HEADERS_TIMEOUT_MS: '300' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
});

describe('an event stream outlives the request timeout', () => {
  it('still delivers after three times REQUEST_TIMEOUT_MS of silence', async () => {
    const [star, fan] = await insertFans(ctx, 2, 'Patient');
    const stream = await openStream(base, star.headers);
    await new Promise((r) => setTimeout(r, 1600));
    expect(stream.ended()).toBe(false);
    await ctx.app.inject({ method: 'POST', url: '/api/user/follow', headers: fan.headers, payload: { fromId: fan.user.id, toId: star.user.id } });
    expect((await stream.next('notification')).data).toMatchObject({ notification: { kind: 'follow' } });
    stream.close();
  });
});
