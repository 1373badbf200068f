// What the rest of the app uses from search; everything else in this folder is private to it.
export { SearchBox, type SearchBoxProps, type SearchSelection } from './components/search-box';
export { SearchResultsPage } from './components/search-results-page';
export { TopSearch, type TopSearchProps } from './components/top-search';
