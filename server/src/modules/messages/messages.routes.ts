import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { CanWriteSchema, ConversationsSchema, MessageSchema, MessagesPageSchema, MessagesQuerySchema, SendMessageRequestSchema, UserIdSchema } from '../../../../common/contracts/people.ts';
import { text } from '../../../../common/contracts/text.ts';
import { personal } from '../../lib/http/personal.ts';
import { LIMITS, limited } from '../../lib/http/rate-limits.ts';
import { eraseAccountMessages } from './messages.repository.ts';
import * as messages from './messages.service.ts';

const ConversationParams = z.object({ conversationId: text().trim().min(1, 'must be a conversation id').max(64, 'must be a conversation id') });

/** Conversations between two people. */
export async function messagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  // A closed account's conversations go, with their messages.
  app.outbox.subscribe('messages.eraseAccount', 'account.deleted', ({ data }) => eraseAccountMessages(db.db, data.userId));

  r.get(
    '/api/messages/conversations',
    {
      schema: {
        tags: ['messages'],
        summary: "The reader's conversations",
        description:
          'Signed in. Latest message first (100 at most), each with the other person, the last message, its unread count, and `canWrite` (false once either blocked the other: the conversation is closed, its history still readable); `unreadCount` sums them. Conversations with a suspended person are left out until they are restored; messages a moderator hid are neither shown nor counted.',
        response: { 200: envelope(ConversationsSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await messages.conversations(db, req.requireUser()) };
    },
  );
  r.get(
    '/api/messages/can-write/:userId',
    {
      schema: {
        tags: ['messages'],
        summary: 'May the reader write to this person now?',
        description:
          'Signed in. `canWrite` is true when they follow the reader or have written to them, and neither blocked the other (the rule of POST /api/messages); false for oneself. Unknown or suspended person: 404 `user_not_found`.',
        params: z.object({ userId: UserIdSchema }),
        response: { 200: envelope(CanWriteSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: { userId: req.params.userId, canWrite: await messages.mayWriteTo(db, req.requireUser(), req.params.userId) } };
    },
  );
  r.get(
    '/api/messages/:conversationId',
    {
      schema: {
        tags: ['messages'],
        summary: "A conversation's messages",
        description:
          'Signed in, one of its two people (else 404 `conversation_not_found`, as while the other person is suspended); messages a moderator hid are left out. Newest first, 30 a page; `?before=<message id>` (the `nextBefore` of the page before) reads older ones. Reading the newest page marks the conversation read.',
        params: ConversationParams,
        querystring: MessagesQuerySchema,
        response: { 200: envelope(MessagesPageSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await messages.conversationMessages(db, req.requireUser(), req.params.conversationId, req.query.before) };
    },
  );
  r.post(
    '/api/messages',
    {
      bodyLimit: 16 * 1024,
      config: limited('message'),
      schema: {
        tags: ['messages'],
        summary: 'Write to someone',
        description:
          '`{ toId, text }` (1 to 2,000 characters). Allowed when the recipient follows the sender or has written to them; otherwise 403 `not_allowed`; never when either blocked the other (403 `blocked`). Oneself 400; unknown or suspended recipient 404 `user_not_found`. ' +
          `Both people's open pages get it live. Rate-limited: ${LIMITS.message.max} a minute per person, then 429.`,
        body: SendMessageRequestSchema,
        response: { 201: envelope(MessageSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await messages.sendMessage(db, req.requireUser(), req.body.toId, req.body.text) }),
  );

}
