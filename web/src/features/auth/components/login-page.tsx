import { useNextPath } from '../hooks/use-next-path';
import { useSignInError } from '../hooks/use-sign-in-error';
import { SignInPanel } from './sign-in-panel';

/** /login: the sign-in form as a page, with why the last sign-in failed when the server says so. */
export function LoginPage() {
  const { message, dismiss } = useSignInError();
  const next = useNextPath();
  return (
    <div className="mx-auto flex w-full max-w-md flex-col py-8 sm:py-16">
      <div className="rounded-3xl border border-[var(--border)] bg-[var(--surface)] p-6 shadow-2xl shadow-black/20 sm:p-10">
        <SignInPanel autoFocus error={message} onStartOver={dismiss} next={next} />
      </div>
    </div>
  );
}
