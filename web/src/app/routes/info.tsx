import { InfoPage, type InfoPageId } from '../../features/info/info-pages';
import { useLocation } from '../../lib/router';

/** /about, /help, /guidelines, /privacy and /terms: open to everyone, signed in or not. */
export default function InfoRoute() {
  const { pathname } = useLocation();
  const page = pathname.replace(/^\/|\/$/g, '').toLowerCase() as InfoPageId;
  return <InfoPage page={page} />;
}
