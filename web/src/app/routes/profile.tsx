import { ProfileDiary } from '../../features/diary/profile';
import { MessagePersonButton } from '../../features/messages/person';
import { ProfilePage } from '../../features/profile';
import { useParams } from '../../lib/router';

/** /profile/view (my profile) and /profile/{username} (anyone's, by username or id), with Message when allowed and the person's diary. */
export default function ProfileRoute() {
  const { username } = useParams();
  const suffix = username ?? 'me';
  return <ProfilePage key={suffix} suffix={suffix} messageButton={MessagePersonButton} diarySection={ProfileDiary} />;
}
