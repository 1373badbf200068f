import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { API_TOKEN_PREFIX, API_TOKENS_MAX, type ApiToken, type CreatedApiToken } from '../../../../common/contracts/account.ts';
import type { Database } from '../../db/database.ts';
import { writeWithEvents } from '../../events/index.ts';
import { conflict, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import type { CredentialReader, SessionUser } from '../../plugins/session.ts';
import type { SessionCache } from '../../plugins/session-cache.ts';
import { endSignIn } from '../auth/index.ts';
import { exportCommunityPosts } from '../communities/index.ts';
import { exportDiary, exportMarks } from '../diary/index.ts';
import { exportGemLedger } from '../gems/index.ts';
import { exportLists, publicListsOf } from '../lists/index.ts';
import { livePersonByUsername } from '../profiles/index.ts';
import { exportRatings, publicReviewsOf } from '../ratings/index.ts';
import { exportFollows } from '../social/index.ts';
import { exportProfile, liveUser, tombstoneUser } from '../user/index.ts';
import { exportWatchlist } from '../watchlist/index.ts';
import { canExport, canManageAccount, SESSION_REQUIRED } from './account.policy.ts';
import { exportFiles, exportZip, type FeedItem, presentToken, rssDocument } from './account.presenter.ts';
import * as repo from './account.repository.ts';

type Actor = SessionUser | null;
const accountGone = () => notFound('There is no such account.', 'user_not_found');

// ---- Export ---------------------------------------------------------------------------------------------------------

/** Everything the person made, as a ZIP of JSON and CSV files (account.presenter.ts), each module's rows from its own face. */
export async function exportArchive(database: Database, actor: Actor, now = new Date()): Promise<{ fileName: string; bytes: Uint8Array }> {
  authorize(actor, canExport(actor), { message: 'You cannot export this account.' });
  const userId = (actor as SessionUser).id;
  const db = database.db;
  const profile = await exportProfile(db, userId);
  if (!profile) throw accountGone();
  const [ratings, watchlist, diary, marks, lists, { discussions, comments }, follows, gems] = await Promise.all([
    exportRatings(db, userId),
    exportWatchlist(db, userId),
    exportDiary(db, userId),
    exportMarks(db, userId),
    exportLists(db, userId),
    exportCommunityPosts(db, userId),
    exportFollows(db, userId),
    exportGemLedger(db, userId),
  ]);
  const files = exportFiles({ profile, ratings, watchlist, diary, marks, lists, discussions, comments, follows, gems }, now);
  return { fileName: `reelhouse-export-${now.toISOString().slice(0, 10)}.zip`, bytes: exportZip(files) };
}

// ---- Closing the account --------------------------------------------------------------------------------------------

/**
 * Closes the account. One transaction makes the user row a tombstone (the user module's `tombstoneUser`), ends every
 * way in (sessions, sign-in accounts, e-mail links, access tokens) and records `account.deleted`. Each module holding
 * the person's data erases it in its own subscriber (ratings, lists, watchlist, diary, social, messages,
 * notifications, communities, moderation, uploads, imports, levels, gems), keeping its counters right; delivery runs after the
 * commit and before this answers, and a subscriber that fails is retried by the outbox. Other subscribers forget
 * cached sessions and tokens and drop the shared caches that could hold the person's reviews, lists or name.
 */
export async function closeAccount(database: Database, actor: Actor): Promise<void> {
  authorize(actor, canManageAccount(actor), { status: 403, ...SESSION_REQUIRED });
  const userId = (actor as SessionUser).id;
  await writeWithEvents(database, async (trx, emit) => {
    const user = await tombstoneUser(trx, userId, new Date().toISOString());
    if (!user) throw accountGone();
    await endSignIn(trx, userId, user.email);
    await repo.deleteTokensOf(trx, userId);
    await emit('account.deleted', { userId });
  });
}

// ---- Personal access tokens -----------------------------------------------------------------------------------------

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** The session cache keys a token's person by this "session id", so revoking drops it. */
export const tokenSessionId = (tokenId: string) => `token:${tokenId}`;

export async function listTokens(database: Database, actor: Actor): Promise<ApiToken[]> {
  authorize(actor, canManageAccount(actor), { status: 403, ...SESSION_REQUIRED });
  return (await repo.tokensOf(database.db, (actor as SessionUser).id)).map(presentToken);
}

export async function createToken(database: Database, actor: Actor, name: string): Promise<CreatedApiToken> {
  authorize(actor, canManageAccount(actor), { status: 403, ...SESSION_REQUIRED });
  const userId = (actor as SessionUser).id;
  if ((await repo.countTokens(database.db, userId)) >= API_TOKENS_MAX) {
    throw conflict(`You have ${API_TOKENS_MAX} access tokens: revoke one first.`, 'too_many_tokens');
  }
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = { id: randomUUID(), userId, name, tokenHash: hashToken(token), createdAt: new Date().toISOString() };
  await repo.insertToken(database.db, row);
  return { ...presentToken({ ...row, lastUsedAt: null }), token };
}

export async function revokeToken(database: Database, sessionCache: SessionCache<SessionUser>, actor: Actor, id: string): Promise<void> {
  authorize(actor, canManageAccount(actor), { status: 403, ...SESSION_REQUIRED });
  const userId = (actor as SessionUser).id;
  // The token and the event that ends what was opened with it (live event streams) go in one transaction.
  const revoked = await writeWithEvents(database, async (trx, emit) => {
    if (!(await repo.deleteToken(trx, userId, id))) return false;
    await emit('session.ended', { userId, sessionId: tokenSessionId(id) });
    return true;
  });
  if (!revoked) throw notFound('There is no such access token.', 'token_not_found');
  sessionCache.forgetSession(tokenSessionId(id));
}

/** How long a resolved token counts before it is read again (the session cache's own period bounds it further). */
const TOKEN_READ_MS = 24 * 3600 * 1000;

/**
 * The session plugin's reader of personal access tokens (`Authorization: Bearer rh_...`): the token's SHA-256 looked
 * up, its owner live (not suspended, not deleted). Its last use is written when it is read afresh, so at most once per
 * session-cache period.
 */
export function tokenReader(database: Database): CredentialReader {
  return {
    accepts: (credential) => credential.startsWith(API_TOKEN_PREFIX),
    async read(credential) {
      const token = await repo.findToken(database.db, hashToken(credential));
      if (!token) return null;
      const row = await liveUser(database.db, token.userId);
      if (!row) return null;
      const now = Date.now();
      await repo.touchToken(database.db, token.id, new Date(now).toISOString());
      return {
        id: row.id,
        email: row.email,
        displayName: row.displayName,
        imageUrl: row.imageUrl,
        bio: row.bio,
        onboarded: Boolean(row.onboarded),
        sessionId: tokenSessionId(token.id),
        expiresAt: now + TOKEN_READ_MS,
        viaToken: true,
      };
    },
  };
}

// ---- RSS ------------------------------------------------------------------------------------------------------------

export const FEED_ITEMS = 50;

/** A person's public reviews (or lists) as RSS 2.0; 404 for no such person, a suspended or a closed account. */
export async function feedOf(database: Database, origin: string, username: string, kind: 'reviews' | 'lists'): Promise<string> {
  const db = database.db;
  const person = await livePersonByUsername(db, username);
  if (!person?.username) throw notFound('There is no such person.', 'user_not_found');
  const name = person.displayName || person.username;
  const profileLink = `${origin}/profile/${encodeURIComponent(person.username)}`;
  let items: FeedItem[];
  if (kind === 'reviews') {
    const rows = await publicReviewsOf(db, person.id, FEED_ITEMS);
    items = rows.map((r) => ({
      title: `${r.primaryTitle}${r.startYear ? ` (${r.startYear})` : ''}: ${r.rating}/10`,
      link: `${origin}/home/${r.titleType}/${encodeURIComponent(r.titleId)}`,
      guid: `review:${r.id}`,
      description: r.spoiler === true || r.spoiler === 1 ? 'This review contains spoilers: read it on Reelhouse.' : (r.review ?? ''),
      date: r.createdAt,
    }));
  } else {
    const rows = await publicListsOf(db, person.id, FEED_ITEMS);
    items = rows.map((l) => ({
      title: l.name,
      link: `${origin}/lists/${l.id}/view`,
      guid: `list:${l.id}`,
      description: `${l.description ? `${l.description} ` : ''}(${l.titleCount} ${l.titleCount === 1 ? 'title' : 'titles'})`,
      date: l.createdAt,
    }));
  }
  return rssDocument({ title: `${name}'s ${kind} on Reelhouse`, link: profileLink, description: `Public ${kind} by ${name} on Reelhouse.` }, items);
}
