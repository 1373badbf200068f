import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';

/**
 * What the account module reads and writes: its personal access tokens, and the end of a closed account's ways in
 * (sessions, sign-in accounts, e-mail links, tokens) in the closing transaction. The person's data in other modules
 * is exported and erased by each module itself (their `export*` functions, their `account.deleted` subscribers).
 */

// ---- Closing an account ---------------------------------------------------------------------------------------------

/**
 * Ends every way into a closed account, in the closing transaction: its sessions, sign-in accounts (better-auth's
 * `accounts`), pending e-mail links to its address and its access tokens. The sessions and sign-in tables are
 * better-auth's, read and written by no module's code but the session lookup; as moderation's suspension ends
 * sessions in its own transaction, closing an account does here.
 */
export async function endSignIn(trx: Db, userId: string, email: string): Promise<void> {
  await trx.deleteFrom('apiTokens').where('userId', '=', userId).execute();
  await trx.deleteFrom('sessions').where('userId', '=', userId).execute();
  await sql`delete from accounts where user_id = ${userId}`.execute(trx);
  await sql`delete from verifications where identifier = ${email.toLowerCase()} or identifier = ${email}`.execute(trx);
}

// ---- Personal access tokens -----------------------------------------------------------------------------------------

export function tokensOf(db: Db, userId: string) {
  return db.selectFrom('apiTokens').select(['id', 'name', 'createdAt', 'lastUsedAt']).where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export async function countTokens(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('apiTokens').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertToken(db: Db, row: { id: string; userId: string; name: string; tokenHash: string; createdAt: string }): Promise<void> {
  await db.insertInto('apiTokens').values(row).execute();
}

/** Deletes one of the person's tokens: whether there was one. */
export async function deleteToken(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db.deleteFrom('apiTokens').where('id', '=', id).where('userId', '=', userId).returning('id').executeTakeFirst();
  return gone !== undefined;
}

/** The token with this hash and its owner, when the owner's account is live (not suspended, not deleted). */
export async function findTokenOwner(db: Db, tokenHash: string) {
  return db
    .selectFrom('apiTokens as k')
    .innerJoin('users as u', 'u.id', 'k.userId')
    .select(['k.id as tokenId', 'u.id', 'u.email', 'u.displayName', 'u.imageUrl', 'u.bio', 'u.onboarded'])
    .where('k.tokenHash', '=', tokenHash)
    .where('u.suspendedAt', 'is', null)
    .where('u.deletedAt', 'is', null)
    .executeTakeFirst();
}

export async function touchToken(db: Db, tokenId: string, now: string): Promise<void> {
  await db.updateTable('apiTokens').set({ lastUsedAt: now }).where('id', '=', tokenId).execute();
}
