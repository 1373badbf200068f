import { AccountPage } from '../../features/account/components/account-page';

export default function SettingsAccountRoute() {
  return <AccountPage />;
}
