import { PremiumPage } from '../../features/premium/components/premium-page';

export default function PremiumRoute() {
  return <PremiumPage />;
}
