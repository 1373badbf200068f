import { buttonClasses } from '../../../components/ui/button';
import { MessageIcon } from '../../../components/ui/icons';
import { Link } from '../../../lib/router';

/** Opens the conversation with a person (a new one if none yet): /messages?to={userId}. */
export default function MessagePersonButton({ userId, name }: { userId: string; name: string }) {
  return (
    <Link to={`/messages?to=${encodeURIComponent(userId)}`} aria-label={`Message ${name}`} className={buttonClasses('secondary', 'sm', 'gap-2')}>
      <MessageIcon size={16} />
      Message
    </Link>
  );
}
