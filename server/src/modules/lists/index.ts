/** The lists module's face: what the app and other modules use of it. */
export { listPageRoutes } from './lists.page.ts';
export { listsRoutes } from './lists.routes.ts';
