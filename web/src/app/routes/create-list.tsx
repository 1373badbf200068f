import { ListForm } from '../../features/lists';
import { useOutletContext } from '../../lib/router';
import type { AppOutletContext } from '../layout/outlet-context';
import NotFoundRoute from './not-found';

/** /createList: a new list, its titles found with the search box's lists variant (handed down by the frame). */
export default function CreateListRoute() {
  const { SearchBox } = useOutletContext<AppOutletContext>();
  return <ListForm listId={null} SearchBox={SearchBox} notFound={<NotFoundRoute />} />;
}
