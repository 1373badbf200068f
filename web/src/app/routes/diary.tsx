import { DiaryPage } from '../../features/diary/components/diary-page';

export default function DiaryRoute() {
  return <DiaryPage />;
}
