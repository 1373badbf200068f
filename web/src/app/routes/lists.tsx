import { ListsPage } from '../../features/lists';

export default function ListsRoute() {
  return <ListsPage />;
}
