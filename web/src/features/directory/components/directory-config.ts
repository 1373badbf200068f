import type { TitleType } from '@common/contracts/titles';

export type FilterKind = 'browse' | 'top' | 'list';

export interface DirectoryFilter {
  /** The ?filter= value; null is the plain browse view. */
  key: string | null;
  label: string;
  kind: FilterKind;
  blurb: string;
}

export interface DirectorySection {
  id: 'movies' | 'shows';
  type: TitleType;
  label: string;
  path: string;
  filters: DirectoryFilter[];
}

/** Spec 2: movies filters box-office, top-rated, coming-soon, by-genre; shows ratings, popular, coming-soon, by-genre. */
export const sections: DirectorySection[] = [
  {
    id: 'movies',
    type: 'movie',
    label: 'Movies',
    path: '/directory/movies',
    filters: [
      { key: null, label: 'All', kind: 'browse', blurb: 'Every movie in the catalogue, with genre, year and rating filters.' },
      { key: 'box-office', label: 'Box Office', kind: 'top', blurb: 'The top 20 movies by worldwide gross.' },
      { key: 'top-rated', label: 'Top Rated', kind: 'top', blurb: 'The 20 highest-rated movies, among titles with thousands of votes.' },
      { key: 'coming-soon', label: 'Coming Soon', kind: 'list', blurb: 'Movies with a release date still ahead, soonest first.' },
      { key: 'by-genre', label: 'By Genre', kind: 'browse', blurb: 'Pick one genre or combine several.' },
    ],
  },
  {
    id: 'shows',
    type: 'tvSeries',
    label: 'TV Shows',
    path: '/directory/shows',
    filters: [
      { key: null, label: 'All', kind: 'browse', blurb: 'Every series in the catalogue, with genre, year and rating filters.' },
      { key: 'ratings', label: 'Ratings', kind: 'top', blurb: 'The top 20 series by rating, among titles with thousands of votes.' },
      { key: 'popular', label: 'Popular', kind: 'list', blurb: 'The series fans watch most, most popular first.' },
      { key: 'coming-soon', label: 'Coming Soon', kind: 'list', blurb: 'Series with a premiere still ahead, soonest first.' },
      { key: 'by-genre', label: 'By Genre', kind: 'browse', blurb: 'Pick one genre or combine several.' },
    ],
  },
];

export const filterHref = (section: DirectorySection, key: string | null) => (key ? `${section.path}?filter=${key}` : section.path);
