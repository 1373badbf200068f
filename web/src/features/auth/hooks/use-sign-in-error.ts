import { signInErrorMessage } from '@common/sign-in-errors';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from '../../../lib/router';

/**
 * The server sends a failed sign-in back to /login?error=<code> (an e-mail link that expired or
 * was used, a provider sign-in that failed). This turns the code into a sentence for the fan,
 * then takes `error` (and better-auth's `error_description`) out of the address without a
 * reload, so a refresh or a shared URL does not show it again. `dismiss` hides the sentence
 * once the fan starts over.
 */
export function useSignInError(): { message: string | null; dismiss: () => void } {
  const [params, setParams] = useSearchParams();
  const code = params.get('error');
  // Read on the first render, so the sentence is there from the first paint.
  const [message, setMessage] = useState(() => signInErrorMessage(code));

  useEffect(() => {
    if (code === null) return;
    setMessage(signInErrorMessage(code));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete('error_description');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [code, setParams]);

  const dismiss = useCallback(() => setMessage(null), []);
  return { message, dismiss };
}
