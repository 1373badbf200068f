export { SideMenu } from './components/side-menu';
export { TopBar } from './components/top-bar';
