/** The diary module's face: what the app and other modules use of it. */

export { exportDiary, exportMarks } from './diary.repository.ts';
export { diaryRoutes } from './diary.routes.ts';
export { importDiaryEntries, importLikes, importWatchedMarks } from './diary.service.ts';
