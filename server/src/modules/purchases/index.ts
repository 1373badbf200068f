/** The purchases module's face: what the app and other modules use of it. */
export { createPremiumProfiles, type PremiumProfiles } from './premium-cache.ts';
export { purchasesRoutes } from './purchases.routes.ts';
