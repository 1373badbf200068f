import { randomUUID } from 'node:crypto';
import type { Message } from '../../../../common/contracts/people.ts';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { canWriteTo } from './people.policy.ts';
import { blockedEitherWay, cardsOf, type Db, findLivePerson, iso, userNotFound } from './people.shared.ts';

export const MESSAGES_PAGE = 30;

const pairOf = (x: string, y: string) => (x < y ? { userA: x, userB: y } : { userA: y, userB: x });

type MessageRow = { id: string; conversationId: string; senderId: string; text: string; createdAt: Date | string };
const presentMessage = (m: MessageRow): Message => ({ id: m.id, conversationId: m.conversationId, senderId: m.senderId, text: m.text, createdAt: iso(m.createdAt) });

/**
 * Writes to someone. Allowed only if they follow the sender or have written to the sender before, and never when
 * either blocked the other (403 `blocked`); otherwise 403 `not_allowed`. The conversation of a pair is made on the
 * first message; the sender has read everything up to their own message.
 */
export async function sendMessage(database: Database, actor: SessionUser, toId: string, text: string): Promise<Message> {
  if (toId === actor.id) throw badRequest('toId: you cannot write to yourself.', 'validation_error');
  const db = database.db;
  if (!(await findLivePerson(db, toId))) throw userNotFound();
  const blocked = await blockedEitherWay(db, actor.id, toId);
  authorize(actor, !blocked, { code: 'blocked', message: 'You cannot write to this person.' });
  const pair = pairOf(actor.id, toId);
  const existing = await db.selectFrom('conversations').select('id').where('userA', '=', pair.userA).where('userB', '=', pair.userB).executeTakeFirst();
  const follows = await db.selectFrom('follows').select('followerId').where('followerId', '=', toId).where('followeeId', '=', actor.id).executeTakeFirst();
  const wrote =
    existing &&
    (await db.selectFrom('messages').select('id').where('conversationId', '=', existing.id).where('senderId', '=', toId).limit(1).executeTakeFirst());
  authorize(actor, canWriteTo(actor, { blocked, followsSender: follows !== undefined, wroteBefore: Boolean(wrote) }), {
    code: 'not_allowed',
    message: 'You can write to someone once they follow you or have written to you.',
  });
  const now = new Date().toISOString();
  const readColumn = actor.id === pair.userA ? 'aReadAt' : 'bReadAt';
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('conversations')
      .values({ id: randomUUID(), ...pair, aReadAt: null, bReadAt: null, lastMessageAt: now, createdAt: now })
      .onConflict((oc) => oc.columns(['userA', 'userB']).doNothing())
      .execute();
    const conversation = await trx
      .selectFrom('conversations')
      .select(['id', 'lastMessageAt'])
      .where('userA', '=', pair.userA)
      .where('userB', '=', pair.userB)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Messages of a conversation keep the order they were sent in, even within one millisecond.
    const last = new Date(iso(conversation.lastMessageAt)).getTime();
    const at = Date.parse(now) > last ? now : new Date(last + 1).toISOString();
    const message = { id: randomUUID(), conversationId: conversation.id, senderId: actor.id, text, createdAt: at };
    await trx.insertInto('messages').values(message).execute();
    await trx
      .updateTable('conversations')
      .set({ lastMessageAt: at, [readColumn]: at })
      .where('id', '=', conversation.id)
      .execute();
    return presentMessage(message);
  });
}

async function unreadIn(db: Db, conversationId: string, otherId: string, readAt: Date | string | null): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversationId', '=', conversationId)
    .where('senderId', '=', otherId)
    .$if(readAt !== null, (q) => q.where('createdAt', '>', iso(readAt)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The reader's conversations, latest message first (100 at most), each with its unread count. */
export async function conversations(database: Database, actor: SessionUser) {
  const db = database.db;
  const rows = await db
    .selectFrom('conversations')
    .selectAll()
    .where((eb) => eb.or([eb('userA', '=', actor.id), eb('userB', '=', actor.id)]))
    .orderBy('lastMessageAt', 'desc')
    .limit(100)
    .execute();
  const others = rows.map((r) => (r.userA === actor.id ? r.userB : r.userA));
  const [cards, blocks] = await Promise.all([
    cardsOf(db, others),
    others.length
      ? db
          .selectFrom('blocks')
          .select(['blockerId', 'blockedId'])
          .where((eb) => eb.or([eb.and([eb('blockerId', '=', actor.id), eb('blockedId', 'in', others)]), eb.and([eb('blockedId', '=', actor.id), eb('blockerId', 'in', others)])]))
          .execute()
      : [],
  ]);
  const closed = new Set(blocks.map((b) => (b.blockerId === actor.id ? b.blockedId : b.blockerId)));
  const results = await Promise.all(
    rows.map(async (r, i) => {
      const other = others[i];
      const readAt = r.userA === actor.id ? r.aReadAt : r.bReadAt;
      const [last, unread] = await Promise.all([
        db.selectFrom('messages').selectAll().where('conversationId', '=', r.id).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst(),
        unreadIn(db, r.id, other, readAt),
      ]);
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
 * page marks the conversation read. Anyone but its two people gets 404 `conversation_not_found`.
 */
export async function conversationMessages(database: Database, actor: SessionUser, conversationId: string, before: string | undefined) {
  const db = database.db;
  const c = await db.selectFrom('conversations').selectAll().where('id', '=', conversationId).executeTakeFirst();
  if (!c || (c.userA !== actor.id && c.userB !== actor.id)) throw notFound('There is no such conversation.', 'conversation_not_found');
  let anchor: { createdAt: string; id: string } | null = null;
  if (before !== undefined) {
    const m = await db.selectFrom('messages').select(['createdAt', 'id']).where('id', '=', before).where('conversationId', '=', conversationId).executeTakeFirst();
    if (!m) throw badRequest('before: is not a message of this conversation.', 'validation_error');
    anchor = { createdAt: iso(m.createdAt), id: m.id };
  }
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversationId', '=', conversationId)
    // A message a moderator hid is no longer shown.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('hiddenContent').select('hiddenContent.targetId').where('hiddenContent.targetType', '=', 'message').whereRef('hiddenContent.targetId', '=', 'messages.id'))),
    )
    .$if(anchor !== null, (q) =>
      q.where((eb) => eb.or([eb('createdAt', '<', anchor?.createdAt ?? ''), eb.and([eb('createdAt', '=', anchor?.createdAt ?? ''), eb('id', '<', anchor?.id ?? '')])])),
    )
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(MESSAGES_PAGE + 1)
    .execute();
  if (anchor === null) {
    await db
      .updateTable('conversations')
      .set({ [c.userA === actor.id ? 'aReadAt' : 'bReadAt']: new Date().toISOString() })
      .where('id', '=', conversationId)
      .execute();
  }
  const shown = rows.slice(0, MESSAGES_PAGE);
  return { results: shown.map(presentMessage), nextBefore: rows.length > MESSAGES_PAGE ? (shown.at(-1)?.id ?? null) : null };
}
