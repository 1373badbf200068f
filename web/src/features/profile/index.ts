export { type DiarySection, type MessageButton, ProfilePage } from './components/profile-page';
