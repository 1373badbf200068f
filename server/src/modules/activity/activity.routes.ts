import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { ActivityItemSchema, ActivityQuerySchema, FeedPageSchema, FeedQuerySchema } from '../../../../common/contracts/people.ts';
import { personal } from '../../lib/http/personal.ts';
import * as activity from './activity.service.ts';
import { FeedFanouts, subscribeFeed } from './feed.fanout.ts';

const ActivityData = envelope(z.array(ActivityItemSchema));
const ACTIVITY_NOTE =
  'Each item carries `cursor`: pass the last one as `?cursor=` for the next page (`limit` 1 to 50, 20 by default); an empty `data` is the end. ' +
  '`userId` reads another person\'s public activity (never their private lists); without it, the reader\'s own (signed in). Someone who blocked the reader, or a suspended account, is 404 `user_not_found`. Hidden content (moderation) is left out. Sent `private, no-store`.';

/** A person's activity tabs and the home feed, with the feed's inboxes kept by events. */
export async function activityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const fanouts = new FeedFanouts(db, app.log);
  subscribeFeed(app.outbox, db, fanouts);
  app.addHook('onReady', async () => fanouts.start());
  app.addHook('preClose', () => fanouts.close());

  r.get(
    '/api/filter/my-activity',
    {
      schema: {
        tags: ['activity'],
        summary: 'Activity tab All: ratings, reviews, lists, discussions and comments',
        description: `${ACTIVITY_NOTE} Discussions started and comments written (kinds \`discussion\` and \`comment\`, each with its discussion and community) only from communities the reader may see: public ones, or private ones they are admin or member of; never hidden ones, nor of a community the reader muted.`,
        querystring: ActivityQuerySchema,
        response: { 200: ActivityData },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: (await activity.personActivity(db, req.sessionUser(), req.query, 'all')).items };
    },
  );
  r.get(
    '/api/filter/userComments',
    {
      schema: {
        tags: ['activity'],
        summary: 'Activity tab Comments: what the person wrote',
        description: `${ACTIVITY_NOTE} Their reviews, and their comments and replies in discussions of communities the reader may see (public ones, or private ones they are admin or member of).`,
        querystring: ActivityQuerySchema,
        response: { 200: ActivityData },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: (await activity.personActivity(db, req.sessionUser(), req.query, 'comments')).items };
    },
  );
  r.get(
    '/api/feed',
    {
      schema: {
        tags: ['activity'],
        summary: 'The home feed: what the people the reader follows did',
        description:
          'Signed in. Ratings, reviews and public lists of followed people (not muted ones), newest first; keyset pages: `?cursor=` the `nextCursor` of the page before (null at the end), `limit` 1 to 50 (20). Never private lists, hidden content, or anyone on either side of a block (blocking ends the follows). Discussions they started (kind `discussion`) appear too, only from communities the reader may see (public ones, or private ones the reader is admin or member of) and not from communities the reader muted. Sent `private, no-store`.',
        querystring: FeedQuerySchema,
        response: { 200: envelope(FeedPageSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      const page = await activity.feed(db, req.requireUser(), req.query);
      return { data: { results: page.items, nextCursor: page.nextCursor } };
    },
  );
}
