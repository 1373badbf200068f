import { SignInPanel } from './sign-in-panel';

/** /login: the sign-in form as a page. */
export function LoginPage() {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col py-8 sm:py-16">
      <div className="rounded-3xl border border-[var(--border)] bg-[var(--surface)] p-6 shadow-2xl shadow-black/20 sm:p-10">
        <SignInPanel autoFocus />
      </div>
    </div>
  );
}
