import { SafetyPage } from '../../features/safety/components/safety-page';

export default function SettingsSafetyRoute() {
  return <SafetyPage />;
}
