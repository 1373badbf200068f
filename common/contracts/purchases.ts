import { z } from 'zod';
import { BadgeLookSchema } from './gems.ts';

/** The premium statuses (spec 6): Premiere and Platinum are subscriptions; they let a badge show. */
export const PremiumStatusSchema = z.enum(['none', 'premiere', 'platinum']);
export type PremiumStatus = z.infer<typeof PremiumStatusSchema>;

export const ProductIdSchema = z.enum(['premiere_monthly', 'platinum_annual', 'gems_100', 'gems_500', 'gems_1000'], {
  error: 'must be one of premiere_monthly, platinum_annual, gems_100, gems_500, gems_1000',
});
export type ProductId = z.infer<typeof ProductIdSchema>;

interface SubscriptionProduct {
  id: ProductId;
  kind: 'subscription';
  name: string;
  plan: Exclude<PremiumStatus, 'none'>;
  interval: 'month' | 'year';
  /** Minor units (cents). */
  amount: number;
  /** What a month comes to, minor units. */
  monthlyAmount: number;
}
interface GemBundleProduct {
  id: ProductId;
  kind: 'gems';
  name: string;
  gems: number;
  amount: number;
  /** Marked '20%+ cheaper' (spec 9). */
  cheaper: boolean;
}
export type ProductDefinition = SubscriptionProduct | GemBundleProduct;

/** Prices of spec 9, in minor units of the configured currency. */
export const PRODUCTS: readonly ProductDefinition[] = [
  { id: 'premiere_monthly', kind: 'subscription', name: 'Premiere', plan: 'premiere', interval: 'month', amount: 499, monthlyAmount: 499 },
  { id: 'platinum_annual', kind: 'subscription', name: 'Platinum', plan: 'platinum', interval: 'year', amount: 4999, monthlyAmount: 416 },
  { id: 'gems_100', kind: 'gems', name: '100 gems', gems: 100, amount: 499, cheaper: false },
  { id: 'gems_500', kind: 'gems', name: '500 gems', gems: 500, amount: 1999, cheaper: true },
  { id: 'gems_1000', kind: 'gems', name: '1000 gems', gems: 1000, amount: 3999, cheaper: true },
];

export const productById = (id: string): ProductDefinition | undefined => PRODUCTS.find((p) => p.id === id);

export const ProductSchema = z.object({
  id: ProductIdSchema,
  kind: z.enum(['subscription', 'gems']),
  name: z.string(),
  /** Minor units of `currency` (499 is 4.99). */
  amount: z.number().int(),
  currency: z.string(),
  /** Subscriptions: the plan and how often it is paid. */
  plan: PremiumStatusSchema.nullable(),
  interval: z.enum(['month', 'year']).nullable(),
  /** Subscriptions: what a month comes to (Platinum about 4.16). */
  monthlyAmount: z.number().int().nullable(),
  /** Gem bundles: how many gems. */
  gems: z.number().int().nullable(),
  /** Marked '20%+ cheaper'. */
  cheaper: z.boolean(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductsSchema = z.object({
  currency: z.string(),
  /** `sandbox` (test mode, no money moves) or `stripe`. */
  provider: z.enum(['sandbox', 'stripe']),
  /** TEST MODE: true with the sandbox provider, where purchases are granted without payment. */
  testMode: z.boolean(),
  subscriptions: z.array(ProductSchema),
  gemBundles: z.array(ProductSchema),
});
export type Products = z.infer<typeof ProductsSchema>;

export const CheckoutRequestSchema = z.object({ product: ProductIdSchema });
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

export const CheckoutSchema = z.object({
  /** Where to send the buyer: the sandbox's test checkout page, or Stripe Checkout. */
  url: z.string(),
  purchaseId: z.string(),
});

export const PurchaseStatusSchema = z.enum(['pending', 'paid', 'canceled', 'refunded']);

export const PurchaseSchema = z.object({
  id: z.string(),
  product: ProductIdSchema,
  name: z.string(),
  kind: z.enum(['subscription', 'gems']),
  status: PurchaseStatusSchema,
  amount: z.number().int(),
  currency: z.string(),
  gems: z.number().int().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

export const SubscriptionSchema = z.object({
  plan: z.enum(['premiere', 'platinum']),
  product: ProductIdSchema,
  /** `active` until the paid period ends (also when canceled: it then stops renewing), then `ended`. */
  status: z.enum(['active', 'ended']),
  /** ISO 8601: the end of the paid period. */
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const PurchasesSchema = z.object({
  premiumStatus: PremiumStatusSchema,
  subscription: SubscriptionSchema.nullable(),
  /** Newest first, the latest 50. */
  purchases: z.array(PurchaseSchema),
});
export type Purchases = z.infer<typeof PurchasesSchema>;

/** What GET /api/user/me adds to the signed-in person for the profile and the picture widget. */
export const PremiumProfileSchema = z.object({
  premiumStatus: PremiumStatusSchema,
  gems: z.number().int(),
  badge: BadgeLookSchema.nullable(),
});
export type PremiumProfile = z.infer<typeof PremiumProfileSchema>;

