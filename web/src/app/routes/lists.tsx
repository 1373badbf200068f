import { ListsPage } from '../../features/lists/components/lists-page';

export default function ListsRoute() {
  return <ListsPage />;
}
