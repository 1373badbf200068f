import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';

/** Ends a person's sessions, in the caller's transaction (a suspension): their next request is signed out. */
export async function endSessions(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('sessions').where('userId', '=', userId).execute();
}

/**
 * Ends every way a closed account signed in, in the closing transaction: its sessions, its sign-in accounts
 * (better-auth's `accounts`: e-mail link, OIDC providers) and pending e-mail links to its address.
 */
export async function endSignIn(trx: Db, userId: string, email: string): Promise<void> {
  await endSessions(trx, userId);
  await sql`delete from accounts where user_id = ${userId}`.execute(trx);
  await sql`delete from verifications where identifier = ${email.toLowerCase()} or identifier = ${email}`.execute(trx);
}
