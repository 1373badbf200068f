/** The account module's face: export, closing an account, access tokens (and their credential reader), RSS feeds. */
export { accountRoutes } from './account.routes.ts';
export { tokenReader } from './account.service.ts';
