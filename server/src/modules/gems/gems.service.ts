import type { Badges, GemTransactionsPage, GemTransactionsQuery } from '../../../../common/contracts/gems.ts';
import type { Database } from '../../db/database.ts';
import { writeWithEvents } from '../../events/index.ts';
import { badRequest, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { canEquip, canUseWallet } from './gems.policy.ts';
import { cursorOf, ledgerKeyOf, presentBadgeLook, presentTransaction } from './gems.presenter.ts';
import * as repo from './gems.repository.ts';
import { badgeShows, premiumStatusOf } from './premium.ts';

type Actor = { id: string };

function checkOwner(actor: Actor, ownerId: string): void {
  authorize(actor, canUseWallet(actor, ownerId), { message: 'Gems and badges are only their owner’s.' });
}

/** A page of the ledger, newest first, by keyset (`startAfter`). */
export async function listTransactions(database: Database, actor: Actor, ownerId: string, query: GemTransactionsQuery): Promise<GemTransactionsPage> {
  checkOwner(actor, ownerId);
  const after = query.startAfter ? ledgerKeyOf(query.startAfter) : undefined;
  if (after === null) throw badRequest('startAfter: must be a cursor from nextCursor', 'validation_error');
  const [rows, balance] = await Promise.all([
    repo.listTransactions(database.db, ownerId, { after, limit: query.limit + 1 }),
    repo.balanceOf(database.db, ownerId),
  ]);
  const shown = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  const last = shown.at(-1);
  return { results: shown.map(presentTransaction), balance, hasMore, nextCursor: hasMore && last ? cursorOf(last) : null };
}

export async function listBadges(database: Database, actor: Actor, ownerId: string): Promise<Badges> {
  checkOwner(actor, ownerId);
  const [catalogue, owned, equipped, balance, status] = await Promise.all([
    repo.listBadges(database.db),
    repo.ownedBadgeIds(database.db, ownerId),
    repo.equippedBadge(database.db, ownerId),
    repo.balanceOf(database.db, ownerId),
    premiumStatusOf(database.db, ownerId),
  ]);
  const ownedSet = new Set(owned);
  return {
    badges: catalogue.map((b) => ({ ...presentBadgeLook(b), price: Number(b.price), owned: ownedSet.has(b.id), equipped: equipped?.id === b.id })),
    owned,
    equipped: equipped ? presentBadgeLook(equipped) : null,
    balance,
    badgeVisible: badgeShows(status),
  };
}

const badgeNotFound = () => notFound('There is no such badge.', 'badge_not_found');

/**
 * Buys a badge with gems: the badge row and the ledger's debit (key `badge:<userId>:<badgeId>`) in one
 * transaction, so a badge is paid once however often the call is repeated; 409 not_enough_gems when the balance
 * is short (nothing is written).
 */
export async function buyBadge(database: Database, actor: Actor, ownerId: string, badgeId: string): Promise<Badges> {
  checkOwner(actor, ownerId);
  const badge = await repo.findBadge(database.db, badgeId);
  if (!badge) throw badgeNotFound();
  await writeWithEvents(database, async (trx, emit) => {
    const now = new Date().toISOString();
    const added = await repo.addOwnedBadge(trx, ownerId, badge.id, now);
    if (!added) return;
    await repo.bookGems(trx, { userId: ownerId, reason: 'badge', key: `badge:${ownerId}:${badge.id}`, description: `Badge: ${badge.name}`, amount: -Number(badge.price) }, now);
    await emit('badge.changed', { userId: ownerId });
  });
  return listBadges(database, actor, ownerId);
}

/** Puts an owned badge on the picture (409 badge_not_owned otherwise). */
export async function equipBadge(database: Database, actor: Actor, ownerId: string, badgeId: string): Promise<Badges> {
  checkOwner(actor, ownerId);
  const badge = await repo.findBadge(database.db, badgeId);
  if (!badge) throw badgeNotFound();
  authorize(actor, canEquip(await repo.ownsBadge(database.db, ownerId, badge.id)), { status: 409, code: 'badge_not_owned', message: 'Buy this badge before equipping it.' });
  await writeWithEvents(database, async (trx, emit) => {
    await repo.equipBadge(trx, ownerId, badge.id);
    await emit('badge.changed', { userId: ownerId });
  });
  return listBadges(database, actor, ownerId);
}

export async function unequipBadge(database: Database, actor: Actor, ownerId: string): Promise<Badges> {
  checkOwner(actor, ownerId);
  await writeWithEvents(database, async (trx, emit) => {
    await repo.unequipBadge(trx, ownerId);
    await emit('badge.changed', { userId: ownerId });
  });
  return listBadges(database, actor, ownerId);
}

/**
 * Credits the gem reward of a level once per person and level (key `level:<userId>:<level>`), inside the
 * caller's transaction; answers whether it was credited now. For the levels computation, which records
 * `level.reached` in that transaction: the premium cache follows the event, so GET /api/user/me shows the new
 * balance at once.
 */
export async function creditLevelReward(trx: Database['db'], userId: string, level: string, label: string, gems: number): Promise<boolean> {
  const booked = await repo.bookGems(trx, { userId, reason: 'level_reward', key: `level:${userId}:${level}`, description: `Reached ${label}`, amount: gems });
  return booked !== null;
}
