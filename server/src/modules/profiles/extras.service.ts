import type { Database } from '../../db/database.ts';
import { badgeShows, premiumProfileOf } from '../gems/index.ts';

export interface ProfileExtras {
  premiumStatus: string;
  gems: number;
  badge: { color: string; emoji: string; position: string } | null;
}

/**
 * A profile's premium status, gems and badge, read as GET /api/user/me reads them (gems/premium.ts: one indexed
 * query). The badge is given only while the premium status lets it show, Premiere or Platinum (spec 6); otherwise
 * null, so no reader shows a badge the person may not wear.
 */
export async function profileExtras(database: Database, userId: string): Promise<ProfileExtras> {
  const p = await premiumProfileOf(database.db, userId);
  return {
    premiumStatus: p.premiumStatus,
    gems: p.gems,
    badge: p.badge && badgeShows(p.premiumStatus) ? { color: p.badge.color, emoji: p.badge.emoji, position: p.badge.position } : null,
  };
}
