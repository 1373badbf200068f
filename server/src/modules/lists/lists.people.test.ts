import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../../test/fans.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { setRole } from '../moderation/index.ts';
import { errorOf, listsApi, seedListTitles } from './lists.test-fixtures.ts';

let ctx: TestContext;
let api: ReturnType<typeof listsApi>;

beforeAll(async () => {
  ctx = await createTestApp();
  api = listsApi(ctx);
  await seedListTitles(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

describe('lists and the people module’s safety', () => {
  it('answers 404 for a hidden list or one whose owner blocked the reader, and leaves them out of listings; the owner still sees them', async () => {
    const [ana, ben, cal, mod] = await insertFans(ctx, 4, 'Lister');
    await setRole(ctx.database.db, `${mod.user.id}@example.com`, 'moderator');
    const blockedList = await api.make(ana.headers, { name: 'Ana one' });
    const hiddenList = await api.make(ana.headers, { name: 'Ana two' });
    const ofAna = async (headers: Record<string, string>) =>
      ((await api.mine(`?userId=${ana.user.id}`, headers)).json().data.results as { listId: string }[]).map((l) => l.listId).sort();
    expect((await api.get(blockedList, ben.headers)).statusCode).toBe(200);
    expect(await ofAna(ben.headers)).toEqual([blockedList, hiddenList].sort());

    expect((await ctx.app.inject({ method: 'POST', url: `/api/user/blocks/${ben.user.id}`, headers: ana.headers })).statusCode).toBe(200);
    const refused = await api.get(blockedList, ben.headers);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).code).toBe('list_not_found');
    expect(await ofAna(ben.headers)).toEqual([]);
    expect((await api.get(blockedList, cal.headers)).statusCode).toBe(200);

    const hide = await ctx.app.inject({ method: 'POST', url: '/api/moderation/hidden', headers: mod.headers, payload: { targetType: 'list', targetId: hiddenList } });
    expect(hide.statusCode).toBe(200);
    for (const headers of [cal.headers, undefined]) expect((await api.get(hiddenList, headers)).statusCode).toBe(404);
    expect(await ofAna(cal.headers)).toEqual([blockedList]);
    expect((await api.get(hiddenList, ana.headers)).statusCode).toBe(200);
    expect(await ofAna(ana.headers)).toEqual([blockedList, hiddenList].sort());
  });
});
