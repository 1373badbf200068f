import type { ComponentType, SVGProps } from 'react';
import { ChatIcon, HomeIcon, ListIcon, PlusIcon, UsersIcon } from '../../components/ui/icons';

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

export interface NavLinkItem {
  label: string;
  to: string;
  icon: Icon;
}

export interface FilterLink {
  label: string;
  to: string;
}

export interface DirectoryGroup {
  id: 'movies' | 'shows';
  label: string;
  path: string;
  filters: FilterLink[];
}

export const directoryGroups: DirectoryGroup[] = [
  {
    id: 'movies',
    label: 'Movies',
    path: '/directory/movies',
    filters: [
      { label: 'Box Office', to: '/directory/movies?filter=box-office' },
      { label: 'Top Rated', to: '/directory/movies?filter=top-rated' },
      { label: 'Coming Soon', to: '/directory/movies?filter=coming-soon' },
      { label: 'By Genre', to: '/directory/movies?filter=by-genre' },
    ],
  },
  {
    id: 'shows',
    label: 'TV Shows',
    path: '/directory/shows',
    filters: [
      { label: 'Ratings', to: '/directory/shows?filter=ratings' },
      { label: 'Popular', to: '/directory/shows?filter=popular' },
      { label: 'Coming Soon', to: '/directory/shows?filter=coming-soon' },
      { label: 'By Genre', to: '/directory/shows?filter=by-genre' },
    ],
  },
];

export const homeLink: NavLinkItem = { label: 'Home', to: '/home', icon: HomeIcon };

export const browseLinks: NavLinkItem[] = [
  { label: 'Discussions', to: '/discussions', icon: ChatIcon },
  { label: 'Communities', to: '/community', icon: UsersIcon },
  { label: 'Lists', to: '/lists', icon: ListIcon },
];

export const createLinks: NavLinkItem[] = [
  { label: 'Create Discussion', to: '/createDiscussion', icon: PlusIcon },
  { label: 'Create Community', to: '/createCommunity', icon: PlusIcon },
  { label: 'Create List', to: '/createList', icon: PlusIcon },
];

/** Spec 9: the Directory menu expands 500 ms after the path moves under /directory. */
export const DIRECTORY_EXPAND_DEBOUNCE_MS = 500;
