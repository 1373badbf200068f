import type { MembershipState } from '../../../../common/contracts/communities.ts';
import type { CommunityMemberStatus } from '../../db/schema.ts';
import type { Actor } from '../../lib/policy.ts';

/**
 * Who may do what in communities: one function per action, over (actor, thing, the actor's standing). The services
 * call them through `authorize` (lib/policy.ts) before acting; the presenter builds `abilities` from the same ones.
 */

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
const isSelf = (actor: Actor, userId: string | null): boolean => actor !== null && userId !== null && actor.id === userId;

// ---- Communities ----------------------------------------------------------------------------------

/** Discussions and comments of a public community are for everyone; of a private one for its admin and members only. */
export const canSeeContent = (isPublic: boolean, m: MembershipState) => isPublic || isInside(m);
/** Who is in a public community is public; in a private one only its admin and members see it. */
export const canSeeMembers = canSeeContent;
/** One joins (or leaves) only as oneself. */
export const canJoinAs = (actor: Actor, userId: string): boolean => isSelf(actor, userId);
/** The admin edits and deletes the community, answers join requests, removes members, hands over the role, reads reports. */
export const canManageCommunity = (m: MembershipState) => isAdmin(m);

// ---- Discussions ----------------------------------------------------------------------------------

interface AuthoredFacts {
  authorId: string | null;
}
interface DiscussionFacts extends AuthoredFacts {
  isPublic: boolean;
  locked: boolean;
}

/** Members (and the admin) start discussions; anyone else joins first. */
export const canStartDiscussion = (m: MembershipState) => isInside(m);
/** Only the author edits a discussion. */
export const canEditDiscussion = (actor: Actor, d: AuthoredFacts) => isSelf(actor, d.authorId);
/** The author or the community's admin deletes a discussion. */
export const canDeleteDiscussion = (actor: Actor, d: AuthoredFacts, m: MembershipState) => isSelf(actor, d.authorId) || isAdmin(m);
/** The community's admin locks and unlocks discussions. */
export const canLockDiscussion = (m: MembershipState) => isAdmin(m);
/** Anyone signed in who may read it comments on a discussion that is not locked. */
export const canCommentOn = (actor: Actor, d: DiscussionFacts, m: MembershipState) => actor !== null && canSeeContent(d.isPublic, m) && !d.locked;
/** Anyone signed in who may read it likes a discussion. */
export const canLikeDiscussion = (actor: Actor, d: DiscussionFacts, m: MembershipState) => actor !== null && canSeeContent(d.isPublic, m);
/** Anyone signed in who may read it reports a discussion, except its author: nobody reports their own content. */
export const canReportDiscussion = (actor: Actor, d: DiscussionFacts, m: MembershipState) =>
  actor !== null && canSeeContent(d.isPublic, m) && !isSelf(actor, d.authorId);

// ---- Comments -------------------------------------------------------------------------------------

interface CommentFacts extends AuthoredFacts {
  deleted: boolean;
}

/** Only the author edits a comment (a deleted one is gone for everyone). */
export const canEditComment = (actor: Actor, c: CommentFacts) => !c.deleted && isSelf(actor, c.authorId);
/** The author or the community's admin deletes a comment. */
export const canDeleteComment = (actor: Actor, c: CommentFacts, m: MembershipState) => !c.deleted && (isSelf(actor, c.authorId) || isAdmin(m));
/** Anyone signed in replies to a comment that is not deleted, in a discussion that is not locked. */
export const canReplyTo = (actor: Actor, c: CommentFacts, locked: boolean) => actor !== null && !c.deleted && !locked;
/** Anyone signed in likes a comment that is not deleted. */
export const canLikeComment = (actor: Actor, c: CommentFacts) => actor !== null && !c.deleted;
/** Anyone signed in reports a comment that is not deleted, except its author. */
export const canReportComment = (actor: Actor, c: CommentFacts) => actor !== null && !c.deleted && !isSelf(actor, c.authorId);
