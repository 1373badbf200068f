export { SideMenu } from './components/side-menu';
export { TopBar, type TopBarSearchProps } from './components/top-bar';
