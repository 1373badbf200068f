import { safeNextPath } from '@common/next-path';
import { useSearchParams } from '../../../lib/router';

/** Where the person goes after signing in: `?next=` on /login and /onboarding when it is a path on this site, else null. */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  return safeNextPath(params.get('next'));
}

/** `path` with `?next=` (or `&next=`) added when there is a way back. */
export function withNext(path: string, next: string | null): string {
  if (!next) return path;
  return `${path}${path.includes('?') ? '&' : '?'}next=${encodeURIComponent(next)}`;
}
