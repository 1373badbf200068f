import { type CurrentUser, SetProfileRequestSchema } from '@common/contracts/auth';
import { capitalizeWords } from '@common/format';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useNavigate } from '../../../lib/router';
import { useSetProfile } from '../api/set-profile';

const NAME_MAX = 40;
const BIO_MAX = 300;

const fieldClasses = (invalid: boolean) =>
  cn(
    'w-full rounded-xl border bg-[var(--bg)] px-4 text-base text-[var(--text)] transition-colors duration-150 focus-ring',
    invalid ? 'border-[var(--danger)]' : 'border-[var(--border)] hover:border-[var(--muted)]',
  );

/** First sign-in: choose how other fans see you. */
export function ProfileStep({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const mutation = useSetProfile(() => navigate('/home'));
  const [displayName, setDisplayName] = useState(user.displayName ? capitalizeWords(user.displayName) : '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [errors, setErrors] = useState<{ displayName?: string; bio?: string; form?: string }>({});
  const nameId = useId();
  const bioId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SetProfileRequestSchema.pick({ displayName: true, bio: true }).safeParse({ displayName, bio });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'displayName' || field === 'bio') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(
      { displayName: parsed.data.displayName, bio: parsed.data.bio ?? '' },
      {
        onError: (error) => {
          if (isApiError(error) && error.status === 401) return; // handled once, globally
          setErrors({ form: isApiError(error) ? error.message : 'Could not save your profile. Please try again.' });
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <div>
        <p className="text-sm font-medium text-[var(--accent)]">One last step</p>
        <h2 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">Set up your profile</h2>
        <p className="mt-2 text-[var(--muted)]">This is how other fans will see you in discussions, lists and communities.</p>
      </div>
      <div>
        <div className="mb-1.5 flex items-baseline justify-between">
          <label htmlFor={nameId} className="text-sm font-medium">
            Display name
          </label>
          <span className="text-xs text-[var(--muted)] tabular-nums" aria-hidden="true">
            {displayName.length}/{NAME_MAX}
          </span>
        </div>
        <input
          id={nameId}
          data-autofocus
          // biome-ignore lint/a11y/noAutofocus: the profile step has one job; start on its first field
          autoFocus
          required
          maxLength={NAME_MAX}
          autoComplete="nickname"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          aria-invalid={errors.displayName ? true : undefined}
          aria-describedby={errors.displayName ? `${nameId}-error` : undefined}
          className={cn(fieldClasses(Boolean(errors.displayName)), 'h-12')}
        />
        {errors.displayName && (
          <p id={`${nameId}-error`} role="alert" className="mt-1.5 text-sm text-[var(--danger)]">
            {errors.displayName}
          </p>
        )}
      </div>
      <div>
        <div className="mb-1.5 flex items-baseline justify-between">
          <label htmlFor={bioId} className="text-sm font-medium">
            Bio <span className="font-normal text-[var(--muted)]">(optional)</span>
          </label>
          <span className="text-xs text-[var(--muted)] tabular-nums" aria-hidden="true">
            {bio.length}/{BIO_MAX}
          </span>
        </div>
        <textarea
          id={bioId}
          rows={4}
          maxLength={BIO_MAX}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          placeholder="Slow cinema, 90s thrillers, anything by Agnès Varda…"
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={errors.bio ? `${bioId}-error` : undefined}
          className={cn(fieldClasses(Boolean(errors.bio)), 'resize-none py-3')}
        />
        {errors.bio && (
          <p id={`${bioId}-error`} role="alert" className="mt-1.5 text-sm text-[var(--danger)]">
            {errors.bio}
          </p>
        )}
      </div>
      {errors.form && (
        <p role="alert" className="rounded-xl border border-[var(--danger)]/50 bg-[var(--danger)]/10 px-3 py-2 text-sm">
          {errors.form}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" loading={mutation.isPending}>
        Continue
      </Button>
    </form>
  );
}
