// The lists screens, for the four route modules (app/routes/lists.tsx, create-list.tsx, list-edit.tsx,
// list-view.tsx). Reached through this one file, the screens travel as one download: a person who opens one of
// them usually opens the others, and the app's entry lists one file for them instead of one per shared piece.
export { ListForm, type ListSearchBoxProps } from './components/list-form';
export { ListViewPage } from './components/list-view-page';
export { ListsPage } from './components/lists-page';
