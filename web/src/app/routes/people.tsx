export { default } from '../../features/search/components/people-page';
