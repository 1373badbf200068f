import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import {
  CursorQuerySchema,
  MarkReadRequestSchema,
  NotificationPreferencesRequestSchema,
  NotificationPreferencesSchema,
  NotificationsPageSchema,
  UnreadCountSchema,
} from '../../../../common/contracts/people.ts';
import { personal } from '../../lib/http/personal.ts';
import * as notifications from './notifications.service.ts';

const SMALL = 8 * 1024;

/** The reader's notifications and the live event stream. */
export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  r.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The reader's notifications",
        description:
          'Signed in. Newest first, keyset pages (`cursor`, `limit` 1 to 50, 20 by default), with `unreadCount`. A burst groups while unread: `actor` is the latest person, `othersCount` the rest, `text` reads \'Ana and 12 others liked your review\'. Kinds: follow, review_like, discussion_like, comment_like, discussion_reply, comment_reply, join_request, request_approved, level_reached.',
        querystring: CursorQuerySchema,
        response: { 200: envelope(NotificationsPageSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await notifications.listNotifications(db, req.requireUser().id, req.query) };
    },
  );
  r.get(
    '/api/notifications/unread-count',
    { schema: { tags: ['notifications'], summary: 'How many notifications are unread (the bell)', description: 'Signed in.', response: { 200: envelope(UnreadCountSchema) } } },
    async (req, reply) => {
      personal(reply);
      return { data: { unreadCount: await notifications.unreadCount(db.db, req.requireUser().id) } };
    },
  );
  r.post(
    '/api/notifications/read',
    {
      bodyLimit: SMALL,
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read',
        description: 'Signed in. `{ ids }` marks those (others\' ids are ignored); without `ids` (or without a body) marks all. Answers the unread count left.',
        body: MarkReadRequestSchema,
        response: { 200: envelope(UnreadCountSchema) },
      },
    },
    async (req) => ({ data: { unreadCount: await notifications.markRead(db, req.requireUser().id, req.body?.ids) } }),
  );
  r.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Which kinds of notification the reader receives',
        description: 'Signed in. Every kind, each `enabled` unless the reader turned it off (all arrive by default).',
        response: { 200: envelope(NotificationPreferencesSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await notifications.preferences(db.db, req.requireUser().id) };
    },
  );
  r.put(
    '/api/notifications/preferences',
    {
      bodyLimit: SMALL,
      schema: {
        tags: ['notifications'],
        summary: 'Turn kinds of notification on or off',
        description:
          'Signed in. `{ kinds: [{ kind, enabled }] }`; kinds not named keep their setting. A kind turned off is no longer recorded nor pushed live for the reader; notifications already there stay. Answers every kind as GET does.',
        body: NotificationPreferencesRequestSchema,
        response: { 200: envelope(NotificationPreferencesSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await notifications.setPreferences(db.db, req.requireUser().id, req.body.kinds) };
    },
  );
  r.get(
    '/api/events',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Live events (server-sent events)',
        description:
          'Signed in (401 otherwise). A `text/event-stream`, `private, no-store`: `event: notification` with `{ notification, unreadCount }`; `event: message` with `{ message, conversationId }` (sent to both people, so one\'s other tabs follow); `event: conversation` with `{ with, canWrite }` when a block between the two opens or closes their conversation; `event: signed-out` (then the stream ends) when the session it was opened with ends (sign-out, a revoked access token) or the account is suspended, `event: account-closed` (then the stream ends) when it is closed; `event: evicted` with `{ limit }` (then the stream ends) when the person opened more than `limit` streams (EVENT_STREAMS_PER_PERSON, 5 by default): the oldest makes room. Each as it happens; a comment line every EVENT_STREAM_HEARTBEAT_MS (25 s by default) keeps the stream open; a stream ends without an event when its session expires. ' +
          'With REDIS_URL set, events made on one server process reach streams held by another (Redis pub/sub). Events are hints: the notifications and messages routes remain the record.',
      },
    },
    (req, reply) => {
      const actor = req.requireUser();
      reply.hijack();
      const raw = reply.raw;
      const headers: Record<string, string | number | string[]> = {};
      for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v as string;
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'private, no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(': connected\nretry: 3000\n\n');
      const detach = app.events.attach({
        userId: actor.id,
        sessionId: actor.sessionId,
        expiresAt: actor.expiresAt,
        write: (text) => {
          if (!raw.writableEnded && !raw.destroyed) raw.write(text);
        },
        pending: () => raw.writableLength,
        end: () => raw.end(),
        destroy: () => raw.destroy(),
      });
      // The idle-connection timeout (REQUEST_TIMEOUT_MS) is for ordinary requests: a stream may stay quiet longer.
      req.raw.socket.setTimeout(0);
      // However it ends (the page left, the socket failed, the hub ended it), the stream is freed.
      raw.on('error', () => raw.destroy());
      raw.on('close', detach);
      if (raw.destroyed) detach();
    },
  );
}
