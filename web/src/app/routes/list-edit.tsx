import { ListForm } from '../../features/lists';
import { useOutletContext, useSearchParams } from '../../lib/router';
import type { AppOutletContext } from '../layout/outlet-context';
import NotFoundRoute from './not-found';

/** /lists/edit-list?listId={listId}: the owner edits a list; a missing or unseen list is the not-found page. */
export default function ListEditRoute() {
  const { SearchBox } = useOutletContext<AppOutletContext>();
  const listId = useSearchParams()[0].get('listId')?.trim();
  if (!listId) return <NotFoundRoute />;
  return <ListForm key={listId} listId={listId} SearchBox={SearchBox} notFound={<NotFoundRoute />} />;
}
