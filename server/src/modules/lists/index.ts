/** The lists module's face: what the app and other modules use of it. */

export { listPageRoutes } from './lists.page.ts';
export { exportLists, importListTitles, publicListsOf } from './lists.repository.ts';
export { listsRoutes } from './lists.routes.ts';
