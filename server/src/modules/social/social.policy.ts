import type { Actor } from '../../lib/policy.ts';

/**
 * Who may do what among followers: one function per action. The services call them through `authorize`
 * (lib/policy.ts) before acting.
 */

/** One follows and unfollows only as oneself. */
export const canActAs = (actor: Actor, userId: string): boolean => actor !== null && actor.id === userId;
