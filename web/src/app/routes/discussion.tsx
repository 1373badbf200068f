import { DiscussionPage } from '../../features/communities/components/discussion-page';
import { useParams } from '../../lib/router';
import NotFoundRoute from './not-found';

export default function DiscussionRoute() {
  const { communityId, discussionId } = useParams();
  if (!communityId || !discussionId) return <NotFoundRoute />;
  return <DiscussionPage key={discussionId} communityId={communityId} discussionId={discussionId} />;
}
