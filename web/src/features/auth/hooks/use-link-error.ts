import { useSearchParams } from 'react-router';

export const LINK_ERROR_MESSAGE = 'That sign-in link is invalid or has expired. Ask for a new one.';

/** True when the server sent the person back with ?error=... from a bad sign-in link. */
export function useLinkError(): boolean {
  const [params] = useSearchParams();
  return params.has('error');
}
