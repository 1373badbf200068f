import { ListViewPage } from '../../features/lists';
import { useParams } from '../../lib/router';
import NotFoundRoute from './not-found';

/** /lists/{listId}/view: a private list of someone else's, or a missing one, is the not-found page. */
export default function ListViewRoute() {
  const { listId } = useParams();
  if (!listId) return <NotFoundRoute />;
  return <ListViewPage key={listId} listId={listId} notFound={<NotFoundRoute />} />;
}
