import { ListForm } from '../../features/lists/components/list-form';
import { SearchBox } from '../../features/search';
import NotFoundRoute from './not-found';

/** /createList: a new list, its titles found with the search box's lists variant. */
export default function CreateListRoute() {
  return <ListForm listId={null} SearchBox={SearchBox} notFound={<NotFoundRoute />} />;
}
