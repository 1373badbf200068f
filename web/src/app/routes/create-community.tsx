import { CreateCommunityPage } from '../../features/communities/components/create-community-page';

export default function CreateCommunityRoute() {
  return <CreateCommunityPage />;
}
