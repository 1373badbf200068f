import type { Actor } from '../../lib/policy.ts';

/**
 * Who may do what among people: one function per action. The services call them through `authorize`
 * (lib/policy.ts) before acting.
 */

/** One follows, unfollows and joins only as oneself. */
export const canActAs = (actor: Actor, userId: string): boolean => actor !== null && actor.id === userId;

/** Moderation (the reports queue, hiding, suspensions) is for moderators only; the role is read on every call. */
export const canModerate = (actor: Actor, role: string | undefined): boolean => actor !== null && role === 'moderator';

/** A moderator suspends anyone but themselves. */
export const canSuspend = (actor: Actor, userId: string): boolean => actor !== null && actor.id !== userId;

/** Anyone signed in reports what someone else wrote or made; nobody reports their own content (or themselves). */
export const canReport = (actor: Actor, target: { ownerId: string | null }): boolean => actor !== null && target.ownerId !== actor.id;

/** What decides whether one may write to someone: a block either way closes the conversation. */
export interface MessagingFacts {
  blocked: boolean;
  /** They follow the sender. */
  followsSender: boolean;
  /** They have written to the sender before. */
  wroteBefore: boolean;
}
/** One writes to someone once they follow one or have written to one, and never across a block. */
export const canWriteTo = (actor: Actor, facts: MessagingFacts): boolean => actor !== null && !facts.blocked && (facts.followsSender || facts.wroteBefore);
