import type { Actor } from '../../lib/policy.ts';

/**
 * Who may report and moderate: one function per action. The services call them through `authorize`
 * (lib/policy.ts) before acting.
 */

/** Moderation (the reports queue, hiding, suspensions) is for moderators only; the role is read on every call. */
export const canModerate = (actor: Actor, role: string | undefined): boolean => actor !== null && role === 'moderator';

/** A moderator suspends anyone but themselves. */
export const canSuspend = (actor: Actor, userId: string): boolean => actor !== null && actor.id !== userId;

/** Anyone signed in reports what someone else wrote or made; nobody reports their own content (or themselves). */
export const canReport = (actor: Actor, target: { ownerId: string | null }): boolean => actor !== null && target.ownerId !== actor.id;
