import type { Actor } from '../../lib/policy.ts';

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
