// The search box, for the app to hand to other features (the top bar). The
// results page is reached through its route (app/routes/search.tsx), like
// every page: keeping it out of this file keeps it out of every page's download.
export { SearchBox, type SearchBoxProps, type SearchSelection } from './components/search-box';
export { TopSearch, type TopSearchProps } from './components/top-search';
