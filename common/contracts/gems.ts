import { z } from 'zod';
import { text } from './text.ts';

/** Ledger rows per page of the transaction history (spec 9). */
export const GEM_TRANSACTIONS_PAGE_SIZE = 10;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const LIMIT_MESSAGE = `must be a whole number from 1 to ${GEM_TRANSACTIONS_PAGE_SIZE}`;

export const GemTransactionsQuerySchema = z.object({
  /** At most 10 a page (spec 9); 10 when absent. */
  limit: z.preprocess(
    blankToUndefined,
    text({ error: LIMIT_MESSAGE })
      .regex(/^[0-9]{1,2}$/, LIMIT_MESSAGE)
      .transform(Number)
      .pipe(z.number().min(1, LIMIT_MESSAGE).max(GEM_TRANSACTIONS_PAGE_SIZE, LIMIT_MESSAGE))
      .default(GEM_TRANSACTIONS_PAGE_SIZE),
  ),
  /** The `nextCursor` of the previous page. */
  startAfter: z.preprocess(
    blankToUndefined,
    text({ error: 'must be a cursor from nextCursor' })
      .max(120, 'must be a cursor from nextCursor')
      .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor from nextCursor')
      .optional(),
  ),
});
export type GemTransactionsQuery = z.infer<typeof GemTransactionsQuerySchema>;

/** Why gems moved. */
export const GemReasonSchema = z.enum(['gem_bundle', 'gem_bundle_refund', 'badge', 'level_reward']);
export type GemReason = z.infer<typeof GemReasonSchema>;

export const GemTransactionSchema = z.object({
  id: z.string(),
  /** Positive for a credit, negative for a debit. */
  amount: z.number().int(),
  reason: GemReasonSchema,
  /** A readable line: "500 gems bundle", "Badge: Popcorn". */
  description: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type GemTransaction = z.infer<typeof GemTransactionSchema>;

export const GemTransactionsPageSchema = z.object({
  results: z.array(GemTransactionSchema),
  /** The balance now: the sum of every row of the ledger. */
  balance: z.number().int(),
  hasMore: z.boolean(),
  /** Pass as `startAfter` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type GemTransactionsPage = z.infer<typeof GemTransactionsPageSchema>;

export const BadgePositionSchema = z.enum(['top', 'bottom']);

/** A badge as the picture widget draws it (spec 3: color, emoji, position top or otherwise). */
export const BadgeLookSchema = z.object({
  id: z.string(),
  name: z.string(),
  emoji: z.string(),
  /** #rrggbb: the ring and the badge's background. */
  color: z.string(),
  position: BadgePositionSchema,
});
export type BadgeLook = z.infer<typeof BadgeLookSchema>;

export const BadgeSchema = BadgeLookSchema.extend({
  /** Price in gems. */
  price: z.number().int(),
  owned: z.boolean(),
  equipped: z.boolean(),
});
export type Badge = z.infer<typeof BadgeSchema>;

export const BadgesSchema = z.object({
  badges: z.array(BadgeSchema),
  /** Ids of the badges the person owns. */
  owned: z.array(z.string()),
  /** The badge on the person's picture, or null. */
  equipped: BadgeLookSchema.nullable(),
  balance: z.number().int(),
  /** Whether the badge shows on the picture: only for Premiere and Platinum (spec 6). */
  badgeVisible: z.boolean(),
});
export type Badges = z.infer<typeof BadgesSchema>;

export const BadgeParamsSchema = z.object({
  badgeId: text()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a badge id'),
});
