import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../../test/fans.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { addressKey } from '../../lib/http/visitor.ts';
import { listsApi, seedListTitles } from './lists.test-fixtures.ts';

let ctx: TestContext;
let api: ReturnType<typeof listsApi>;
let owner: Awaited<ReturnType<typeof insertFans>>[number];
let readers: Awaited<ReturnType<typeof insertFans>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedListTitles(ctx);
  api = listsApi(ctx);
  [owner, ...readers] = await insertFans(ctx, 3, 'Viewer');
});
afterAll(async () => {
  await ctx?.close();
});

const view = (id: string, headers: Record<string, string>, remoteAddress = '203.0.113.7') =>
  ctx.app.inject({ method: 'POST', url: `/api/lists/${id}/view`, headers, remoteAddress });

describe('list views count once per person or address a day', () => {
  it('counts 20 anonymous views from one address with 20 user agents once', async () => {
    const id = await api.make(owner.headers, { name: 'Pushed up' });
    for (let i = 0; i < 20; i++) {
      const res = await view(id, { 'user-agent': `Bot/${i} (variant ${Math.random()})` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ counted: i === 0, viewCount: 1 });
    }
    // Another address is another viewer; an IPv6 network counts once whatever its last 64 bits.
    expect((await view(id, { 'user-agent': 'Same' }, '198.51.100.9')).json().data).toMatchObject({ counted: true, viewCount: 2 });
    expect((await view(id, {}, '2001:db8:1:2::1')).json().data).toMatchObject({ counted: true, viewCount: 3 });
    expect((await view(id, {}, '2001:db8:1:2:ffff:aaaa:bbbb:cccc')).json().data).toMatchObject({ counted: false, viewCount: 3 });
    expect((await view(id, {}, '2001:db8:1:3::1')).json().data).toMatchObject({ counted: true, viewCount: 4 });
  });

  it('counts two signed-in people from one address twice, each once', async () => {
    const id = await api.make(owner.headers, { name: 'Shared flat' });
    for (const reader of [...readers, ...readers]) {
      expect((await view(id, { ...reader.headers, 'user-agent': `${Math.random()}` })).statusCode).toBe(200);
    }
    expect((await view(id, readers[0].headers)).json().data).toMatchObject({ counted: false, viewCount: 2 });
  });

  it('reads addresses as one key per IPv4 address or IPv6 /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
