import { LINK_ERROR_MESSAGE, useLinkError } from '../hooks/use-link-error';
import { EmailSignInForm } from './email-sign-in-form';
import { ProviderButtons } from './provider-buttons';

/** Sign-in and sign-up: the e-mail link form plus any external providers. */
export function SignInPanel({ headingLevel = 'h1', autoFocus = false }: { headingLevel?: 'h1' | 'h2'; autoFocus?: boolean }) {
  const linkError = useLinkError();
  const Heading = headingLevel;
  return (
    <div className="space-y-6">
      <div>
        <Heading className="text-2xl font-semibold tracking-tight sm:text-3xl">Sign in or join</Heading>
        <p className="mt-2 text-[var(--muted)]">Enter your e-mail and we will send you a link. One tap and you are in.</p>
      </div>
      {linkError && (
        <p role="alert" className="rounded-xl border border-[var(--danger)]/50 bg-[var(--danger)]/10 px-4 py-3 text-sm">
          {LINK_ERROR_MESSAGE}
        </p>
      )}
      <EmailSignInForm autoFocus={autoFocus} />
      <ProviderButtons />
    </div>
  );
}
