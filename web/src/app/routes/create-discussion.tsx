import { CreateDiscussionPage } from '../../features/communities/components/create-discussion-page';

export default function CreateDiscussionRoute() {
  return <CreateDiscussionPage />;
}
