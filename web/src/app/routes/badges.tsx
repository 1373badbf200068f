import { BadgesPage } from '../../features/premium/components/badges-page';

export default function BadgesRoute() {
  return <BadgesPage />;
}
