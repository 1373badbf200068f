import type { Message } from '../../../../common/contracts/people.ts';
import type { Database } from '../../db/database.ts';
import { writeWithEvents } from '../../events/index.ts';
import { badRequest, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { isoOf } from '../../lib/time.ts';
import { blockedEitherWay } from '../../lib/visibility.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { cardsOf, findLivePerson, userNotFound } from '../profiles/index.ts';
import { canWriteTo } from './messages.policy.ts';
import { presentMessage } from './messages.presenter.ts';
import * as repo from './messages.repository.ts';

export const MESSAGES_PAGE = 30;

/**
 * Writes to someone. Allowed only if they follow the sender or have written to the sender before, and never when
 * either blocked the other (403 `blocked`); otherwise 403 `not_allowed`. The conversation of a pair is made on the
 * first message; the sender has read everything up to their own message. It records `message.sent` with the message
 * (the notifications module pushes it to both people's open pages).
 */
export async function sendMessage(database: Database, actor: SessionUser, toId: string, text: string): Promise<Message> {
  if (toId === actor.id) throw badRequest('toId: you cannot write to yourself.', 'validation_error');
  const db = database.db;
  if (!(await findLivePerson(db, toId))) throw userNotFound();
  const blocked = await blockedEitherWay(db, actor.id, toId);
  authorize(actor, !blocked, { code: 'blocked', message: 'You cannot write to this person.' });
  const pair = repo.pairOf(actor.id, toId);
  const existing = await repo.conversationOfPair(db, pair);
  const followsSender = await repo.follows(db, toId, actor.id);
  const wroteBefore = existing !== undefined && (await repo.hasWritten(db, existing.id, toId));
  authorize(actor, canWriteTo(actor, { blocked, followsSender, wroteBefore }), {
    code: 'not_allowed',
    message: 'You can write to someone once they follow you or have written to you.',
  });
  const row = await writeWithEvents(database, async (trx, emit) => {
    const m = await repo.appendMessage(trx, pair, actor.id, text);
    await emit('message.sent', { messageId: m.id, conversationId: m.conversationId, senderId: actor.id, recipientId: toId });
    return m;
  });
  return presentMessage(row);
}

/**
 * Whether the reader may write to someone now (the same rule as sendMessage): false for oneself, across a block, or
 * before they follow the reader or wrote to them. Unknown or suspended people: 404 `user_not_found`.
 */
export async function mayWriteTo(database: Database, actor: SessionUser, toId: string): Promise<boolean> {
  const db = database.db;
  if (!(await findLivePerson(db, toId))) throw userNotFound();
  if (toId === actor.id) return false;
  const blocked = await blockedEitherWay(db, actor.id, toId);
  if (blocked) return false;
  const existing = await repo.conversationOfPair(db, repo.pairOf(actor.id, toId));
  const followsSender = await repo.follows(db, toId, actor.id);
  const wroteBefore = existing !== undefined && (await repo.hasWritten(db, existing.id, toId));
  return canWriteTo(actor, { blocked, followsSender, wroteBefore });
}

/** The reader's conversations, latest message first (100 at most), each with its unread count. */
export async function conversations(database: Database, actor: SessionUser) {
  const db = database.db;
  const rows = await repo.conversationsOf(db, actor.id);
  const others = rows.map((r) => (r.userA === actor.id ? r.userB : r.userA));
  const [cards, blocks] = await Promise.all([cardsOf(db, others), repo.blocksWith(db, actor.id, others)]);
  const closed = new Set(blocks.map((b) => (b.blockerId === actor.id ? b.blockedId : b.blockerId)));
  const results = await Promise.all(
    rows.map(async (r, i) => {
      const other = others[i];
      const readAt = r.userA === actor.id ? r.aReadAt : r.bReadAt;
      const [last, unread] = await Promise.all([repo.lastMessage(db, r.id), repo.unreadIn(db, r.id, other, readAt)]);
      return {
        id: r.id,
        with: cards.get(other) ?? { id: other, username: null, displayName: '', imageUrl: null },
        lastMessage: last ? presentMessage(last) : null,
        unreadCount: unread,
        canWrite: !closed.has(other),
      };
    }),
  );
  return { results, unreadCount: results.reduce((n, c) => n + c.unreadCount, 0) };
}

/**
 * A conversation's messages, newest first, 30 a page; `before` (a message id) reads older ones. Reading the newest
 * page marks the conversation read. Anyone but its two people gets 404 `conversation_not_found`, and so does a
 * conversation with a suspended person (while suspended). Across a block it stays readable (history), not writable.
 */
export async function conversationMessages(database: Database, actor: SessionUser, conversationId: string, before: string | undefined) {
  const db = database.db;
  const c = await repo.conversationOf(db, actor.id, conversationId);
  if (!c) throw notFound('There is no such conversation.', 'conversation_not_found');
  let anchor: { createdAt: string; id: string } | null = null;
  if (before !== undefined) {
    const m = await repo.messageIn(db, conversationId, before);
    if (!m) throw badRequest('before: is not a message of this conversation.', 'validation_error');
    anchor = { createdAt: isoOf(m.createdAt), id: m.id };
  }
  const rows = await repo.messageRows(db, conversationId, anchor, MESSAGES_PAGE + 1);
  if (anchor === null) await repo.markConversationRead(db, conversationId, c.userA === actor.id ? 'aReadAt' : 'bReadAt');
  const shown = rows.slice(0, MESSAGES_PAGE);
  return { results: shown.map(presentMessage), nextBefore: rows.length > MESSAGES_PAGE ? (shown.at(-1)?.id ?? null) : null };
}
