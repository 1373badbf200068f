import { TransactionsPage } from '../../features/premium/components/transactions-page';

export default function TransactionsRoute() {
  return <TransactionsPage />;
}
