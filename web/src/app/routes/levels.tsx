export { default } from '../../features/levels/levels-page';
