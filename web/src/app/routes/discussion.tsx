import { useParams } from 'react-router';
import { DiscussionPage } from '../../features/communities/components/discussion-page';
import NotFoundRoute from './not-found';

export default function DiscussionRoute() {
  const { communityId, discussionId } = useParams();
  if (!communityId || !discussionId) return <NotFoundRoute />;
  return <DiscussionPage key={discussionId} communityId={communityId} discussionId={discussionId} />;
}
