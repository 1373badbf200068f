import { CommunitiesPage } from '../../features/communities/components/communities-page';

export default function CommunitiesRoute() {
  return <CommunitiesPage />;
}
