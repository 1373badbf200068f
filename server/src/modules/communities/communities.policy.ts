import type { MembershipState } from '../../../../common/contracts/communities.ts';
import type { CommunityMemberStatus } from '../../db/schema.ts';

/** The reader's standing in a community: the admin is the community's userId; the rest comes from their row. */
export function membershipOf(readerId: string | null, adminId: string | null, status: CommunityMemberStatus | undefined): MembershipState {
  if (!readerId) return 'none';
  if (adminId !== null && adminId === readerId) return 'admin';
  if (status === 'member') return 'member';
  if (status === 'pending') return 'pending';
  return 'none';
}

export const isAdmin = (m: MembershipState) => m === 'admin';
export const isInside = (m: MembershipState) => m === 'admin' || m === 'member';

/** Discussions and comments of a public community are for everyone; of a private one for its admin and members only. */
export const canSeeContent = (isPublic: boolean, m: MembershipState) => isPublic || isInside(m);
