// Gems, badges, subscriptions, purchases, payments and levels.
import type { Bool, Timestamp } from './columns.ts';

/** Each person's gems: always the sum of their ledger rows, never below zero. */
export interface GemBalancesTable {
  userId: string;
  balance: number;
}

/** The gem ledger: one row per credit (positive) or debit (negative); `key` names its cause once. */
export interface GemTransactionsTable {
  id: string;
  userId: string;
  amount: number;
  reason: string;
  key: string;
  description: string;
  createdAt: Timestamp;
}

export interface BadgesTable {
  id: string;
  name: string;
  emoji: string;
  color: string;
  position: string;
  price: number;
  sort: number;
}

export interface UserBadgesTable {
  userId: string;
  badgeId: string;
  acquiredAt: Timestamp;
}

export interface EquippedBadgesTable {
  userId: string;
  badgeId: string;
}

export interface SubscriptionsTable {
  id: string;
  userId: string;
  product: string;
  plan: string;
  provider: string;
  providerRef: string | null;
  currentPeriodEnd: Timestamp;
  cancelAtPeriodEnd: Bool;
  endedAt: Timestamp | null;
  providerUpdated: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PurchasesTable {
  id: string;
  userId: string;
  product: string;
  kind: string;
  status: string;
  amount: number;
  currency: string;
  gems: number | null;
  provider: string;
  providerRef: string | null;
  paymentRef: string | null;
  refundedAmount: number;
  createdAt: Timestamp;
  paidAt: Timestamp | null;
}

export interface PaymentEventsTable {
  provider: string;
  eventId: string;
  type: string;
  receivedAt: Timestamp;
}

export interface UserLevelsTable {
  userId: string;
  level: string;
  rank: number;
  reachedAt: Timestamp;
}
