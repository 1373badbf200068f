export { type MessageButton, ProfilePage } from './components/profile-page';
