import { isTargetKind } from '../../features/notifications/api/targets';
import { TargetRedirect } from '../../features/notifications/components/target-redirect';
import { useParams } from '../../lib/router';
import NotFoundRoute from './not-found';

export default function NotificationTargetRoute() {
  const { kind, id } = useParams();
  if (!isTargetKind(kind) || !id) return <NotFoundRoute />;
  return <TargetRedirect key={`${kind}-${id}`} kind={kind} id={id} />;
}
