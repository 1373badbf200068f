import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import {
  AddToWatchlistRequestSchema,
  WatchlistChangeSchema,
  WatchlistContainsRequestSchema,
  WatchlistContainsSchema,
  WatchlistPageSchema,
  WatchlistParamsSchema,
  WatchlistQuerySchema,
} from '../../../../common/contracts/watchlist.ts';
import { personal } from '../../lib/http/personal.ts';
import { eraseAccountWatchlist } from './watchlist.repository.ts';
import { addToWatchlist, listWatchlist, removeFromWatchlist, watchlistAmong } from './watchlist.service.ts';

export async function watchlistRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['watchlist'];
  // A closed account's watchlist goes.
  app.outbox.subscribe('watchlist.eraseAccount', 'account.deleted', ({ data }) => eraseAccountWatchlist(app.database.db, data.userId));

  r.get(
    '/api/watchlist/userWatchlist',
    {
      schema: {
        tags,
        summary: "The reader's watchlist, newest first, 20 a page",
        description:
          'Signed in. `?type=movie|tvSeries` keeps one kind. Pages by `?page=` (1 to 500) or, to walk the whole list while it changes, by `?startAfter=` the previous page\'s `nextCursor` (keyset; `page` is then null). ' +
          'Each item is a title card (the search result shape) with `addedAt`; the cards, the same for everyone, come from the shared cache (dropped when the catalogue changes). Sent `private, no-store`.',
        querystring: WatchlistQuerySchema,
        response: { 200: envelope(WatchlistPageSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await listWatchlist(app.database, app.cache, actor, actor.id, req.query) };
    },
  );

  r.post(
    '/api/watchlist',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: 'Put a title on the watchlist',
        description:
          'Signed in. Adding a title already there changes nothing (`changed: false`). `title` is the name for the "{title} added" toast. A new entry counts as activity for the title\'s weekly popularity. 404 `title_not_found` for an unknown title.',
        body: AddToWatchlistRequestSchema,
        response: { 200: envelope(WatchlistChangeSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: await addToWatchlist(app.database, actor, actor.id, req.body.titleId) };
    },
  );

  r.delete(
    '/api/watchlist/:titleId',
    {
      schema: {
        tags,
        summary: 'Take a title off the watchlist',
        description:
          'Signed in. Taking off a title that is not there changes nothing (`changed: false`). `title` is the name for the "{title} removed" toast. 404 `title_not_found` for an unknown title.',
        params: WatchlistParamsSchema,
        response: { 200: envelope(WatchlistChangeSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: await removeFromWatchlist(app.database, actor, actor.id, req.params.titleId) };
    },
  );

  r.post(
    '/api/watchlist/contains',
    {
      bodyLimit: 8 * 1024,
      schema: {
        tags,
        summary: 'Which of these titles are on the reader’s watchlist',
        description:
          'Signed in. Body `{ titleIds }`, at most 100 (a page of cards or search results); answers those of them on the watchlist, in the order asked, so cards show add or remove. Sent `private, no-store`.',
        body: WatchlistContainsRequestSchema,
        response: { 200: envelope(WatchlistContainsSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: { titleIds: await watchlistAmong(app.database, actor, actor.id, req.body.titleIds) } };
    },
  );
}
