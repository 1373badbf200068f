import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import {
  LIST_MAX_TITLES,
  LIST_NOTE_MAX,
  LikedListsRequestSchema,
  LikedListsSchema,
  ListAddTitleInputSchema,
  ListAddTitleResultSchema,
  ListDeletedSchema,
  ListDetailsSchema,
  ListInputSchema,
  ListLikeStateSchema,
  ListParamsSchema,
  ListSummarySchema,
  ListsPageSchema,
  ListViewSchema,
  MyListsQuerySchema,
  RecentlyViewedClearedSchema,
} from '../../../../common/contracts/lists.ts';
import { personal } from '../../lib/http/personal.ts';
import { visitorOf } from '../../lib/http/visitor.ts';
import { dropOnHide } from '../../lib/visibility.ts';
import { eraseAccountLists } from './lists.repository.ts';
import * as service from './lists.service.ts';

/** 50 titles with notes of 500 characters are at most about 160 KB as JSON (\u escapes). */
const LIST_BODY_LIMIT = 256 * 1024;

const PRIVATE_404 = 'A private list is 404 `list_not_found` to anyone but its owner, as is a list that does not exist.';
const PAYLOAD =
  `Body \`{ name, type, genres, description?, visibility, contentList: [{ titleId, note? }] }\`: name 1 to 100 characters; ` +
  '`type` `movie` or `tvSeries` (also "tv series", "TV Shows", "series"); anything else falls back to `movie` (spec 5); ' +
  '`genres` up to 10 names (or `{ name }` objects); `description` up to 1,000 characters; `visibility` `public` (when absent) or `private`; ' +
  `\`contentList\` at most ${LIST_MAX_TITLES} titles in the owner's order, each once, with a note of up to ${LIST_NOTE_MAX} characters. ` +
  'More than 50 titles is 400 naming `contentList`; an unknown title 404 `title_not_found` naming it and its place.';



export async function listsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lists'];
  const ctx: service.ListsContext = { database: app.database, cache: app.cache };
  // A closed account's lists, likes and views go (before the shared pages are dropped below).
  app.outbox.subscribe('lists.eraseAccount', 'account.deleted', ({ data }) => eraseAccountLists(app.database.db, data.userId));
  // Shared pages and home sections of lists: a list a moderator hides leaves them at once.
  for (const ns of [service.NS_PAGE, service.NS_SHARED]) dropOnHide(app.cache, 'list', ns);
  // ...and so do a suspended account's lists (back when it is restored).
  app.outbox.subscribe('lists.sharedOnSuspension', ['person.suspended', 'person.restored', 'account.deleted'], () =>
    Promise.all([app.cache.invalidate(service.NS_PAGE), app.cache.invalidate(service.NS_SHARED)]),
  );
  // A list a history import added to: its kept page and the shared sections are read again.
  app.outbox.subscribe('lists.forgetImported', 'list.imported', async (e) => {
    await app.cache.delete(service.NS_PAGE, e.data.listId);
    await app.cache.invalidate(service.NS_SHARED);
  });
  const viewerSecret = app.config.AUTH_SECRET ?? 'reelhouse-list-views';

  r.get(
    '/api/lists/recommended',
    {
      schema: {
        tags,
        summary: 'Lists recommended to the reader',
        description:
          'Up to 20 public lists. Signed in: lists of others holding the titles the reader rated 8 or more (their 50 latest such ratings; 3 points a title), ' +
          'and among the 500 most liked public lists those tagged with their favourite genres (1 point a genre; favourites are the 5 genres most common among the titles they rated 7 or more and their own lists), ' +
          "topped up with popular lists; never the reader's own. Signed out: popular public lists (most liked, then most viewed). Cards carry the first five titles. Sent `private, no-store`.",
        response: { 200: envelope(z.array(ListSummarySchema)) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await service.recommended(ctx, req.sessionUser()) };
    },
  );

  r.get(
    '/api/lists/recently-viewed-lists',
    {
      schema: {
        tags,
        summary: 'The lists the reader opened last',
        description:
          'Signed in. The last 20 lists the reader opened (`POST /api/lists/{listId}/view`), newest first; a list that has since become private to them or was deleted is left out. Sent `private, no-store`.',
        response: { 200: envelope(z.array(ListSummarySchema)) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.recentlyViewed(ctx, actor) };
    },
  );

  r.post(
    '/api/user/recently-viewed-lists/clear',
    {
      schema: {
        tags,
        summary: "Empty the reader's recently viewed lists",
        description: 'Signed in. `cleared` is how many were forgotten.',
        response: { 200: envelope(RecentlyViewedClearedSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: { cleared: await service.clearRecentlyViewed(ctx, actor) } };
    },
  );

  // The spec writes the path with its slash; without one it answers the same (left out of the reference).
  for (const url of ['/api/lists/', '/api/lists']) {
    r.get(
      url,
      {
        schema: {
          hide: url === '/api/lists',
          tags,
          summary: "The reader's lists (or another person's public lists)",
          description:
            'Signed in. Last updated first, 20 a page (`?page=`, 1 to 50). The reader\'s own lists, private ones too; with `?userId=` another person\'s public lists only (their private lists are never counted or shown). With `?titleId=`, `holdingTitle` names the lists of the page that hold that title (the title page\'s "Add to list"). Sent `private, no-store`.',
          querystring: MyListsQuerySchema,
          response: { 200: envelope(ListsPageSchema) },
        },
      },
      async (req, reply) => {
        const actor = req.requireUser();
        personal(reply);
        return { data: await service.listsOf(ctx, actor, req.query.userId ?? actor.id, req.query.page, req.query.titleId) };
      },
    );
  }

  r.post(
    '/api/lists',
    {
      bodyLimit: LIST_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create a list',
        description: `Signed in. ${PAYLOAD} Answers 201 with the whole list.`,
        body: ListInputSchema,
        response: { 201: envelope(ListDetailsSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      return reply.status(201).send({ data: await service.createList(ctx, actor, req.body) });
    },
  );

  r.get(
    '/api/lists/:listId/get',
    {
      schema: {
        tags,
        summary: 'A whole list',
        description:
          `Public for public lists. Every title in the owner's order with its note; \`likedByMe\` and \`abilities\` are the reader's. ${PRIVATE_404} ` +
          'A list a moderator hid, or whose owner and the reader blocked one another, is 404 too (its owner still sees it); listings leave such lists out. Opening it is not counted as a view: the list page also calls `POST .../view`. Public lists are served from the shared cache (their view count may lag by a minute). Sent `private, no-store`.',
        params: ListParamsSchema,
        response: { 200: envelope(ListDetailsSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await service.getList(ctx, req.sessionUser(), req.params.listId) };
    },
  );

  r.post(
    '/api/lists/:listId/view',
    {
      schema: {
        tags,
        summary: 'Note that the reader opened a list',
        description:
          `Anyone who may see the list. Counts towards trending once per viewer (a signed-in person, else the caller's address, an IPv6 one by its /64 network; never its user agent, which a caller may change at will) and list a UTC day; the owner's own views never count. ` +
          `A signed-in reader's recently viewed lists gain it (kept to the last 20). ${PRIVATE_404}`,
        params: ListParamsSchema,
        response: { 200: envelope(ListViewSchema) },
      },
    },
    async (req) => ({ data: await service.recordView(ctx, req.sessionUser(), visitorOf(req, viewerSecret), req.params.listId) }),
  );

  r.post(
    '/api/lists/:listId/edit',
    {
      bodyLimit: LIST_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Edit a list',
        description: `Signed in; the owner only (403 \`forbidden\` for anyone else who can see it). Replaces every field, titles included. ${PAYLOAD} ${PRIVATE_404}`,
        params: ListParamsSchema,
        body: ListInputSchema,
        response: { 200: envelope(ListDetailsSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: await service.editList(ctx, actor, req.params.listId, req.body) };
    },
  );

  r.post(
    '/api/lists/:listId/titles',
    {
      schema: {
        tags,
        summary: 'Add a title to a list',
        description:
          `Signed in; the owner only (403 \`forbidden\` for anyone else who can see it). Body \`{ titleId, note? }\` (a note of up to ${LIST_NOTE_MAX} characters). ` +
          'Puts the title at the end of the list in one transaction with its title count and `lastUpdated`. A title the list already holds changes nothing (200, `added: false`, its note kept); ' +
          `a list of ${LIST_MAX_TITLES} titles is 409 \`list_full\` ("Oops! select only ${LIST_MAX_TITLES} options"); an unknown title is 404 \`title_not_found\`. ${PRIVATE_404} ` +
          'Answers the list as cards show it (its first five titles) with `added`. Sent `private, no-store`.',
        params: ListParamsSchema,
        body: ListAddTitleInputSchema,
        response: { 200: envelope(ListAddTitleResultSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.addTitle(ctx, actor, req.params.listId, req.body) };
    },
  );

  r.delete(
    '/api/lists/:listId',
    {
      schema: {
        tags,
        summary: 'Delete a list',
        description: `Signed in; the owner only (403 \`forbidden\` for anyone else who can see it). Its titles, likes and views go with it. ${PRIVATE_404}`,
        params: ListParamsSchema,
        response: { 200: envelope(ListDeletedSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      await service.deleteList(ctx, actor, req.params.listId);
      return { data: { listId: req.params.listId, deleted: true as const } };
    },
  );

  r.post(
    '/api/lists/liked',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        summary: 'Which of these lists the reader liked',
        description: 'Signed in. `{ listIds }` (up to 100 list ids, say the cards on screen): `liked` holds those the reader liked. List cards are the same for everyone; this is the reader\'s part.',
        body: LikedListsRequestSchema,
        response: { 200: envelope(LikedListsSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await service.likedLists(ctx, req.requireUser(), req.body.listIds) };
    },
  );

  for (const [method, like] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    r.route({
      method,
      url: '/api/lists/:listId/likes',
      schema: {
        tags,
        summary: like ? 'Like a list' : 'Take back a like of a list',
        description: `Signed in. Liking twice or taking back a like that is not there changes nothing (\`changed: false\`); the like count changes in the same transaction as the like. Owners cannot like their own list (403). ${PRIVATE_404}`,
        params: ListParamsSchema,
        response: { 200: envelope(ListLikeStateSchema) },
      },
      handler: async (req) => {
        const actor = req.requireUser();
        return { data: await service.setLike(ctx, actor, req.params.listId, like) };
      },
    });
  }

  r.get(
    '/api/home/trending-lists',
    {
      schema: {
        tags,
        summary: "The home page's Trending Lists",
        description:
          `Public; the same for everyone, from the shared cache: the ranking is recomputed when a minute old (on the heavy-read connection), the lists shown are dropped as soon as a list is created, edited or deleted, so a list made private leaves at once. Up to 20 public lists ranked by the views (once per viewer a day) and likes of the last ${service.TRENDING_DAYS} days, ` +
          `a like worth ${service.TRENDING_LIKE_WEIGHT} views, each day's activity weighing half as much every ${service.TRENDING_HALF_LIFE_DAYS} days (today 1, six days ago 0.125); topped up with the most liked lists when fewer have activity. ` +
          'Sent `no-cache` so a list made private leaves every copy at once.',
        response: { 200: envelope(z.array(ListSummarySchema)) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return { data: await service.trending(ctx) };
    },
  );
}
