import { CommunityPage } from '../../features/communities/components/community-page';
import { useParams } from '../../lib/router';
import NotFoundRoute from './not-found';

export default function CommunityRoute() {
  const { communityId } = useParams();
  if (!communityId) return <NotFoundRoute />;
  return <CommunityPage key={communityId} communityId={communityId} />;
}
