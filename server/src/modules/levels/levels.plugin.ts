import type { FastifyInstance } from 'fastify';
import { checkLevels, eraseAccountLevels } from './levels.service.ts';

/**
 * The levels follow what people do: each action a requirement counts (ratings and reviews, memberships, discussions,
 * comments, the profile) checks the ladder once committed; an undone or changed one only drops the cached /me extras
 * (levels once reached are kept).
 */
export function installLevels(app: FastifyInstance): void {
  const check = (userId: string) => checkLevels(app, userId);
  // A closed account's levels go.
  app.outbox.subscribe('levels.eraseAccount', 'account.deleted', (e) => eraseAccountLevels(app, e.data.userId));
  app.outbox.subscribe('levels.check', ['rating.created', 'community.joined', 'profile.updated'], (e) => check(e.data.userId));
  // A history import's ratings count once per batch.
  app.outbox.subscribe('levels.checkImported', 'ratings.imported', (e) => check(e.data.userId));
  app.outbox.subscribe('levels.checkAuthor', ['discussion.created', 'comment.created'], (e) => check(e.data.authorId));
  app.outbox.subscribe('levels.ratingChanged', ['rating.updated', 'rating.deleted'], async (e) => {
    if (e.type === 'rating.updated' && (e.data as { hasReview: boolean }).hasReview) await check(e.data.userId);
    else app.levelCache.forget(e.data.userId);
  });
}
