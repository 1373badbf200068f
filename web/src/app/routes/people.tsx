export { default } from '../../features/people/people-page';
