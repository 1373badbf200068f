import type { Db } from '../../db/db.ts';

/**
 * What the account module reads and writes: its personal access tokens, nothing else. The person's data in other
 * modules is exported and erased by each module itself (their `export*` functions, their `account.deleted`
 * subscribers); the user row's tombstone is the user module's, the end of sessions the auth module's.
 */

/** Deletes all of a closed account's access tokens, in the closing transaction. */
export async function deleteTokensOf(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('apiTokens').where('userId', '=', userId).execute();
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

/** The token with this hash: its id and owner (whether the owner is live is the user module's to say). */
export async function findToken(db: Db, tokenHash: string) {
  return db.selectFrom('apiTokens').select(['id', 'userId']).where('tokenHash', '=', tokenHash).executeTakeFirst();
}

export async function touchToken(db: Db, tokenId: string, now: string): Promise<void> {
  await db.updateTable('apiTokens').set({ lastUsedAt: now }).where('id', '=', tokenId).execute();
}
