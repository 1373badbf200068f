import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, type TestContext } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { upsertTitles } from '../modules/titles/titles.repository.ts';
import { normalizeText } from '../search/normalize.ts';

// The outbox in the real app: what follows an action (a notification, a level) is there when the answer is, and a
// process that dies after the write committed and before delivery loses nothing: the next start delivers it, once.
let ctx: TestContext;
let second: FastifyInstance | null = null;

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(
    ctx.database.db,
    [{ id: 'tt9300001', titleType: 'movie', primaryTitle: 'Outbox Film', startYear: 1999, releaseDate: '1999-03-31', genres: ['Drama'], popularity: 1 }],
    (p, o) => normalizeText(`${p} ${o ?? ''}`),
  );
});
afterAll(async () => {
  await second?.close();
  await ctx.close();
});

async function reviewLikeNotifications(userId: string): Promise<{ actorCount: number }[]> {
  return ctx.database.db.selectFrom('notifications').select('actorCount').where('userId', '=', userId).where('kind', '=', 'review_like').execute();
}

describe('domain events in the app', () => {
  it('delivers after commit before the answer, and after a crash at the next start, once', async () => {
    const author = await buildUser(ctx, { displayName: 'Ada Author' });
    const fan = await buildUser(ctx, { displayName: 'Ben Fan' });
    const other = await buildUser(ctx, { displayName: 'Cy Fan' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/ratings-and-reviews/create',
      headers: author.headers,
      payload: { titleId: 'tt9300001', rating: 8, review: 'Worth it.' },
    });
    expect(created.statusCode).toBe(201);
    const reviewId = created.json().data.id as string;
    // The rating's level check ran before the answer (the first rating reaches no level alone, but the event is done).
    const undelivered = () =>
      ctx.database.db.selectFrom('outboxEvents').select(['type']).where('deliveredAt', 'is', null).execute();
    expect(await undelivered()).toEqual([]);

    const liked = await ctx.app.inject({ method: 'POST', url: `/api/ratings-and-reviews/${reviewId}/likes`, headers: fan.headers });
    expect(liked.statusCode).toBe(200);
    expect(await reviewLikeNotifications(author.user.id)).toEqual([{ actorCount: 1 }]);

    // The process dies after the like committed, before delivery.
    ctx.app.outbox.paused = true;
    const again = await ctx.app.inject({ method: 'POST', url: `/api/ratings-and-reviews/${reviewId}/likes`, headers: other.headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.likeCount).toBe(2);
    expect(await reviewLikeNotifications(author.user.id)).toEqual([{ actorCount: 1 }]);
    expect(await undelivered()).toEqual([{ type: 'review.liked' }]);
    await ctx.app.outbox.close();

    // The next start on the same database delivers it, once.
    second = await buildApp({ config: ctx.config, database: ctx.database, logger: false, cachePrefix: `outbox-${Date.now()}:` });
    await second.ready();
    expect(await undelivered()).toEqual([]);
    expect(await reviewLikeNotifications(author.user.id)).toEqual([{ actorCount: 2 }]);
    await second.outbox.sweep();
    expect(await reviewLikeNotifications(author.user.id)).toEqual([{ actorCount: 2 }]);
    const marks = await ctx.database.db.selectFrom('outboxDeliveries').select('subscriber').where('subscriber', '=', 'people.notifyReviewLike').execute();
    expect(marks).toHaveLength(2);
  });
});
