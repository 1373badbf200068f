import { CanWriteSchema } from '@common/contracts/people';
import { useQuery } from '@tanstack/react-query';
import { buttonClasses } from '../../../components/ui/button';
import { MessageIcon } from '../../../components/ui/icons';
import { api } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import { canWriteKey } from '../api/keys';

/**
 * "Message" on a person's profile, shown only when a message to them would be accepted (GET
 * /api/messages/can-write/:userId: they follow the reader or wrote to them, no block either way). Opens the
 * conversation with them (a new one if none yet): /messages?to={userId}.
 */
export default function MessagePersonButton({ userId, name }: { userId: string; name: string }) {
  const allowed = useQuery({
    queryKey: canWriteKey(userId),
    queryFn: ({ signal }) => api.get(`messages/can-write/${encodeURIComponent(userId)}`, CanWriteSchema, { signal }),
    staleTime: 30_000,
  });
  if (!allowed.data?.canWrite) return null;
  return (
    <Link to={`/messages?to=${encodeURIComponent(userId)}`} aria-label={`Message ${name}`} className={buttonClasses('secondary', 'sm', 'gap-2')}>
      <MessageIcon size={16} />
      Message
    </Link>
  );
}
