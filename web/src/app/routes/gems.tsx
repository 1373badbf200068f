import { GemsPage } from '../../features/premium/components/gems-page';

export default function GemsRoute() {
  return <GemsPage />;
}
