/** Activity's face: its routes (the profile's activity tabs, the home feed). */
export { activityRoutes } from './activity.routes.ts';
