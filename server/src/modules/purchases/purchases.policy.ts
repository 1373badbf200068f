import type { Actor } from '../../lib/policy.ts';

/** Who may do what with purchases: a checkout, its page, its confirmation and its cancelation are its buyer's alone. */
export const canUseCheckout = (actor: Actor, purchase: { userId: string }): boolean => actor !== null && actor.id === purchase.userId;
