import type { Database } from '../../db/database.ts';

export interface ProfileExtras {
  premiumStatus: string;
  gems: number;
  badge: { color: string; emoji: string; position: string } | null;
}

/**
 * A profile's premium status, gems and badge. The premium module owns these figures and supplies them here when
 * it is merged; until then every person is on no plan, with no gems and no badge (the badge shows only for
 * Premiere and Platinum, spec 6).
 */
export async function profileExtras(_database: Database, _userId: string): Promise<ProfileExtras> {
  return { premiumStatus: 'none', gems: 0, badge: null };
}
