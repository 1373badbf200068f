import { Fragment, useId } from 'react';
import { EmailSignInForm } from './email-sign-in-form';
import { ProviderButtons } from './provider-buttons';

interface SignInPanelProps {
  headingLevel?: 'h1' | 'h2';
  autoFocus?: boolean;
  /** Why the last sign-in failed, shown above the form (already a sentence, never a raw code). */
  error?: string | null;
  /** Called when the fan types or sends a new link, so a stale error can go away. */
  onStartOver?: () => void;
  /** Where the person goes once signed in (a shared link opened signed out): carried by the e-mail link. */
  next?: string | null;
}

/** Keeps "e-mail" on one line: a narrow alert would otherwise break it after the hyphen. */
function withUnbrokenEmail(text: string) {
  return text.split(/(e-mail)/).map((part, i) =>
    part === 'e-mail' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence never reorder
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/** Sign-in and sign-up: the e-mail link form plus any external providers. */
export function SignInPanel({ headingLevel = 'h1', autoFocus = false, error = null, onStartOver, next = null }: SignInPanelProps) {
  const Heading = headingLevel;
  const errorId = useId();
  return (
    <div className="space-y-6">
      <div>
        <Heading className="text-2xl font-semibold tracking-tight sm:text-3xl">Sign in or join</Heading>
        <p className="mt-2 text-[var(--muted)]">
          {next
            ? 'Sign in to open the page you were sent. Enter your e-mail and we will send you a link that brings you back to it.'
            : 'Enter your e-mail and we will send you a link. One tap and you are in.'}
        </p>
      </div>
      {error && (
        <div
          id={errorId}
          role="alert"
          className="animate-pop-in flex items-start gap-3 rounded-xl border border-[var(--danger)]/50 bg-[var(--danger)]/10 px-4 py-3 text-sm leading-relaxed text-[var(--text)]"
        >
          <svg
            width={18}
            height={18}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
            className="mt-0.5 shrink-0 text-[var(--danger)]"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7.5v5.5M12 16.5h.01" />
          </svg>
          <p>{withUnbrokenEmail(error)}</p>
        </div>
      )}
      <EmailSignInForm autoFocus={autoFocus} describedBy={error ? errorId : undefined} onEdit={error ? onStartOver : undefined} next={next} />
      <ProviderButtons />
    </div>
  );
}
