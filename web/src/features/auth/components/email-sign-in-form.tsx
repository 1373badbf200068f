import { EmailLinkRequestSchema } from '@common/contracts/auth';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MailIcon } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useRequestEmailLink } from '../api/request-email-link';

interface EmailSignInFormProps {
  autoFocus?: boolean;
  /** The id of a message about the field shown outside the form (why the last sign-in failed). */
  describedBy?: string;
  /** Called when the person types or sends a new link. */
  onEdit?: () => void;
  /** Where the e-mail link leads once signed in (else /home, or onboarding for a new person). */
  next?: string | null;
}

/** One e-mail field; the server sends a link that signs in or signs up. */
export function EmailSignInForm({ autoFocus = false, describedBy: outsideMessageId, onEdit, next = null }: EmailSignInFormProps) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const mutation = useRequestEmailLink();
  const inputId = useId();
  const errorId = useId();

  const formError =
    mutation.error && !(isApiError(mutation.error) && mutation.error.status === 400)
      ? isApiError(mutation.error)
        ? mutation.error.message
        : 'Something went wrong. Please try again.'
      : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onEdit?.();
    const parsed = EmailLinkRequestSchema.safeParse({ email: email.trim(), ...(next ? { next } : {}) });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address.');
      return;
    }
    setFieldError(null);
    mutation.mutate(
      { email: parsed.data.email, ...(parsed.data.next ? { next: parsed.data.next } : {}) },
      {
        onSuccess: (result) => setSentTo({ email: parsed.data.email, message: result.message }),
        onError: (error) => {
          if (isApiError(error) && error.status === 400) setFieldError(error.message);
        },
      },
    );
  };

  if (sentTo) {
    return (
      <div className="animate-pop-in rounded-2xl border border-[var(--border)] bg-[var(--surface-2)] p-5" aria-live="polite">
        <div className="mb-3 grid h-11 w-11 place-items-center rounded-xl bg-[var(--accent-soft)] text-[var(--accent)]">
          <MailIcon size={22} />
        </div>
        <h3 className="text-lg font-semibold">Check your inbox</h3>
        <p className="mt-1 text-sm text-[var(--muted)]">
          We sent a sign-in link to <strong className="font-semibold break-all text-[var(--text)]">{sentTo.email}</strong>. Open it on this
          device to continue. It works once and expires in 15 minutes.
        </p>
        {sentTo.message && <p className="mt-2 text-sm text-[var(--muted)]">{sentTo.message}</p>}
        <Button
          variant="ghost"
          size="sm"
          className="mt-4 -ml-3"
          onClick={() => {
            setSentTo(null);
            mutation.reset();
          }}
        >
          Use a different address
        </Button>
      </div>
    );
  }

  const describedBy = [fieldError ? errorId : null, outsideMessageId].filter(Boolean).join(' ') || undefined;
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <div>
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium">
          E-mail address
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          // biome-ignore lint/a11y/noAutofocus: the form is the only task of the sign-in screen
          autoFocus={autoFocus}
          data-autofocus={autoFocus || undefined}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            onEdit?.();
            if (fieldError) setFieldError(null);
          }}
          placeholder="you@example.com"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'h-12 w-full rounded-xl border bg-[var(--bg)] px-4 text-base text-[var(--text)] transition-colors duration-150 focus-ring',
            fieldError ? 'border-[var(--danger)]' : 'border-[var(--border)] hover:border-[var(--muted)]',
          )}
        />
        {fieldError && (
          <p id={errorId} role="alert" className="mt-1.5 text-sm text-[var(--danger)]">
            {fieldError}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" className="w-full" loading={mutation.isPending}>
        Send sign-in link
      </Button>
      {formError && (
        <p role="alert" className="rounded-xl border border-[var(--danger)]/50 bg-[var(--danger)]/10 px-3 py-2 text-sm text-[var(--text)]">
          {formError}
        </p>
      )}
      <p className="text-xs text-[var(--muted)]">No password needed. New to Reelhouse? The same link creates your account.</p>
    </form>
  );
}
