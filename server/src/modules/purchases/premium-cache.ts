import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { PremiumProfile } from '../../../../common/contracts/purchases.ts';
import type { DB } from '../../db/schema.ts';
import { type CachedSession, SessionCache } from '../../plugins/session-cache.ts';
import { type PremiumProfileRow, premiumProfileRow, profileOf } from '../gems/index.ts';

interface CachedPremium extends CachedSession {
  row: PremiumProfileRow;
}

export interface PremiumProfiles {
  /** The signed-in person's premium status, gems and badge, from memory when fresh. */
  of(session: { id: string; sessionId: string; expiresAt: number }): Promise<PremiumProfile>;
  /** Their gems, badge or subscription changed: every instance reads them again. */
  forget(userId: string): void;
  listen(): Promise<void>;
  close(): Promise<void>;
}

/**
 * GET /api/user/me answers every page load; its premium part (one query) is kept per session for as long as the
 * session itself (SESSION_CACHE_SECONDS), like the session cache and with its Redis channel: every change made
 * through the app (a payment, a refund, a badge, a cancellation) drops it at once on every instance; a change
 * written straight into the database is seen within SESSION_CACHE_SECONDS. The premium status is computed from
 * the cached period end at each read, so it ends on time.
 */
export function createPremiumProfiles(db: Kysely<DB>, ttlMs: number, redis: Redis | null, channel?: string): PremiumProfiles {
  const cache = new SessionCache<CachedPremium>(ttlMs, 20_000, redis, channel);
  return {
    async of(session) {
      const now = Date.now();
      const hit = cache.get(session.sessionId, now);
      if (hit) return profileOf(hit.row, new Date(now));
      const row = await premiumProfileRow(db, session.id);
      cache.set(session.sessionId, { id: session.id, sessionId: session.sessionId, expiresAt: session.expiresAt, row }, now);
      return profileOf(row, new Date(now));
    },
    forget: (userId) => cache.forgetUser(userId),
    listen: () => cache.listen(),
    close: () => cache.close(),
  };
}
