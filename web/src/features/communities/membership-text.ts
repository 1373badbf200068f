/**
 * Spec 8: what a click on Pending says. The same text as PENDING_MESSAGE in common/contracts/communities.ts
 * (membership-text.test.ts checks it), kept here because the home cards may not load zod with the contract.
 */
export const PENDING_MESSAGE = 'Your request is pending for approval!';

export const membershipLabels = { admin: 'Admin', pending: 'Pending', member: 'Joined', none: 'Join' } as const;
