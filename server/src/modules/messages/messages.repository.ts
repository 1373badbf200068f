import { randomUUID } from 'node:crypto';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { DB } from '../../db/schema.ts';
import { isoOf } from '../../lib/time.ts';
import { authorActive, notHidden } from '../../lib/visibility.ts';
import type { MessageRow } from './messages.presenter.ts';

/** A conversation's two people in the order it is stored. */
export type Pair = { userA: string; userB: string };
export const pairOf = (x: string, y: string): Pair => (x < y ? { userA: x, userB: y } : { userA: y, userB: x });

export function conversationOfPair(db: Db, pair: Pair) {
  return db.selectFrom('conversations').select('id').where('userA', '=', pair.userA).where('userB', '=', pair.userB).executeTakeFirst();
}

export async function follows(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  return (await db.selectFrom('follows').select('followerId').where('followerId', '=', followerId).where('followeeId', '=', followeeId).executeTakeFirst()) !== undefined;
}

export async function hasWritten(db: Db, conversationId: string, senderId: string): Promise<boolean> {
  return (await db.selectFrom('messages').select('id').where('conversationId', '=', conversationId).where('senderId', '=', senderId).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Writes a message in the caller's transaction, making the pair's conversation on the first one; the sender has read
 * everything up to their own message. Messages of a conversation keep the order they were sent in, even within one
 * millisecond.
 */
export async function appendMessage(trx: Db, pair: Pair, senderId: string, text: string): Promise<MessageRow> {
  const now = new Date().toISOString();
  const readColumn = senderId === pair.userA ? 'aReadAt' : 'bReadAt';
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
  const last = new Date(isoOf(conversation.lastMessageAt)).getTime();
  const at = Date.parse(now) > last ? now : new Date(last + 1).toISOString();
  const message = { id: randomUUID(), conversationId: conversation.id, senderId, text, createdAt: at };
  await trx.insertInto('messages').values(message).execute();
  await trx
    .updateTable('conversations')
    .set({ lastMessageAt: at, [readColumn]: at })
    .where('id', '=', conversation.id)
    .execute();
  return message;
}

/** How many messages from the other person came after the reader last read. */
export async function unreadIn(db: Db, conversationId: string, otherId: string, readAt: Date | string | null): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversationId', '=', conversationId)
    .where('senderId', '=', otherId)
    .where(notHidden('message', 'messages.id'))
    .$if(readAt !== null, (q) => q.where('createdAt', '>', readAt === null ? '' : isoOf(readAt)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The reader is one of the conversation's two people and the other is not suspended (lib/visibility.ts): a suspended
 * person's conversations are left out until they are restored, then come back whole.
 */
function withLiveOther(userId: string) {
  return sql<SqlBool>`((conversations.user_a = ${userId} and ${authorActive('conversations.user_b')}) or (conversations.user_b = ${userId} and ${authorActive('conversations.user_a')}))`;
}

/** A person's conversations with people not suspended, latest message first (100 at most). */
export function conversationsOf(db: Db, userId: string) {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where(withLiveOther(userId))
    .orderBy('lastMessageAt', 'desc')
    .limit(100)
    .execute();
}

/** The blocks either way between a person and some others. */
export async function blocksWith(db: Db, userId: string, others: string[]) {
  if (others.length === 0) return [];
  return db
    .selectFrom('blocks')
    .select(['blockerId', 'blockedId'])
    .where((eb) => eb.or([eb.and([eb('blockerId', '=', userId), eb('blockedId', 'in', others)]), eb.and([eb('blockedId', '=', userId), eb('blockerId', 'in', others)])]))
    .execute();
}

/** The newest message of a conversation a moderator did not hide. */
export function lastMessage(db: Db, conversationId: string) {
  return db.selectFrom('messages').selectAll().where('conversationId', '=', conversationId).where(notHidden('message', 'messages.id')).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** A conversation of the reader's whose other person is not suspended. */
export function conversationOf(db: Db, userId: string, id: string) {
  return db.selectFrom('conversations').selectAll().where('id', '=', id).where(withLiveOther(userId)).executeTakeFirst();
}

export function messageIn(db: Db, conversationId: string, id: string) {
  return db.selectFrom('messages').select(['createdAt', 'id']).where('id', '=', id).where('conversationId', '=', conversationId).executeTakeFirst();
}

/** A page of a conversation's messages newest first, before an anchor, leaving out those a moderator hid. */
export function messageRows(db: Db, conversationId: string, anchor: { createdAt: string; id: string } | null, limit: number) {
  return (
    db
      .selectFrom('messages')
      .selectAll()
      .where('conversationId', '=', conversationId)
      // A message a moderator hid is no longer shown, to either person.
      .where(notHidden('message', 'messages.id'))
      .$if(anchor !== null, (q) =>
        q.where((eb) => eb.or([eb('createdAt', '<', anchor?.createdAt ?? ''), eb.and([eb('createdAt', '=', anchor?.createdAt ?? ''), eb('id', '<', anchor?.id ?? '')])])),
      )
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  );
}

/** The reader (side `a` or `b`) has read the conversation up to now. */
export async function markConversationRead(db: Db, conversationId: string, side: 'aReadAt' | 'bReadAt'): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ [side]: new Date().toISOString() })
    .where('id', '=', conversationId)
    .execute();
}

// ---- A closed account (`account.deleted`) ---------------------------------------------------------------------------

/** Erases a closed account's conversations and their messages, both people's (erasing twice changes nothing). */
export async function eraseAccountMessages(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const theirs = trx.selectFrom('conversations').select('id').where((eb) => eb.or([eb('userA', '=', userId), eb('userB', '=', userId)]));
    await trx.deleteFrom('messages').where('conversationId', 'in', theirs).execute();
    await trx.deleteFrom('conversations').where((eb) => eb.or([eb('userA', '=', userId), eb('userB', '=', userId)])).execute();
  });
}
