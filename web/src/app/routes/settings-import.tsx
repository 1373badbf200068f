import { ImportPage } from '../../features/imports/components/import-page';

export default function SettingsImportRoute() {
  return <ImportPage />;
}
