import { lazy } from 'react';
import { TopSearch, type TopSearchProps } from '../../features/search';

/** The People group of the top search box: its own chunk, loaded once two letters are typed. */
const PeopleGroup = lazy(() => import('../../features/people/people-group'));

/** The top bar's search box: titles, and people under them. */
export function TopSearchWithPeople(props: TopSearchProps) {
  return <TopSearch {...props} people={PeopleGroup} />;
}
