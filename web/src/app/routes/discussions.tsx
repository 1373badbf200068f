import { DiscussionsPage } from '../../features/communities/components/discussions-page';

export default function DiscussionsRoute() {
  return <DiscussionsPage />;
}
