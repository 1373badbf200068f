/** The gems module's face: what the app and other modules use of it. */
export { bookGems, exportGemLedger } from './gems.repository.ts';
export { gemsRoutes } from './gems.routes.ts';
export { creditLevelReward } from './gems.service.ts';
export { badgeShows, type PremiumProfileRow, premiumProfileOf, premiumProfileRow, premiumStatusOf, profileOf } from './premium.ts';
