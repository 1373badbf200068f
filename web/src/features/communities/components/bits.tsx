import { REPORT_REASON_MAX } from '@common/contracts/communities';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EyeIcon, HeartIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';

/** A like toggle with its count (aria-pressed tells its state). */
export function LikeButton({ liked, count, label, onToggle, disabled, testId }: { liked: boolean; count: number; label: string; onToggle: () => void; disabled?: boolean; testId?: string }) {
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`${liked ? 'Unlike' : 'Like'} ${label}`}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        'inline-flex h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-medium tabular-nums transition-colors duration-150 focus-ring disabled:cursor-default disabled:opacity-60 sm:h-8',
        liked ? 'border-[var(--accent)]/60 bg-[var(--accent)]/10 text-[var(--accent)]' : 'border-[var(--border)] text-[var(--muted)] enabled:hover:text-[var(--text)]',
      )}
    >
      <HeartIcon size={16} fill={liked ? 'currentColor' : 'none'} />
      <span data-testid={testId}>{count}</span>
    </button>
  );
}

/** Spoilers stay blurred until the reader asks. */
export function SpoilerBlock({ spoiler, label, children }: { spoiler: boolean; label: string; children: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  const hidden = spoiler && !revealed;
  return (
    <div className="relative">
      {spoiler && <p className="mb-1 text-[0.7rem] font-semibold tracking-wider text-[var(--danger)] uppercase">Contains spoilers</p>}
      <div className={cn(hidden && 'pointer-events-none max-h-40 overflow-hidden blur-md select-none')} aria-hidden={hidden || undefined} data-spoiler-hidden={hidden || undefined}>
        {children}
      </div>
      {hidden && (
        <div className="absolute inset-0 top-5 grid place-items-center">
          <Button variant="secondary" size="sm" onClick={() => setRevealed(true)} className="shadow-lg">
            <EyeIcon size={16} />
            Show {label}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Two or three choices in a pill (sorts, tabs that keep one list). */
export function Segmented<T extends string>({ value, options, onChange, label }: { value: T; options: { value: T; label: string }[]; onChange: (v: T) => void; label: string }) {
  return (
    <div role="toolbar" aria-label={label} className="inline-flex rounded-full border border-[var(--border)] bg-[var(--surface)] p-1">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            'h-10 rounded-full px-4 text-sm font-medium transition-colors duration-150 focus-ring sm:h-8',
            value === o.value ? 'bg-[var(--accent)] text-[var(--accent-ink)]' : 'text-[var(--muted)] hover:text-[var(--text)]',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** A button that asks once more before doing something that cannot be undone. */
export function ConfirmButton({ label, confirmLabel, question, onConfirm, busy, size = 'sm', className }: { label: ReactNode; confirmLabel: string; question: string; onConfirm: () => void; busy?: boolean; size?: 'xs' | 'sm' | 'md'; className?: string }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        onClick={() => setAsking(true)}
        className={cn(
          'inline-flex items-center justify-center gap-1.5 rounded-xl font-medium whitespace-nowrap text-[var(--muted)] transition-colors duration-150 hover:bg-[var(--surface-2)] hover:text-[var(--danger)] focus-ring',
          size === 'xs' ? 'h-10 rounded-full px-2 text-xs sm:h-8 sm:px-2.5' : size === 'sm' ? 'h-10 px-3 text-sm sm:h-9' : 'h-11 border border-[var(--border)] px-4 text-sm',
          className,
        )}
      >
        {label}
      </button>
    );
  }
  return (
    <fieldset className="inline-flex flex-wrap items-center gap-2 rounded-xl border border-[var(--danger)]/50 bg-[var(--danger)]/10 px-2 py-1 text-sm">
      <legend className="sr-only">{question}</legend>
      <span className="px-1" aria-hidden="true">{question}</span>
      <Button variant="danger" size="sm" loading={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </fieldset>
  );
}

/** Anyone may report a discussion or comment to the community's admin, with a short reason. */
export function ReportDialog({ what, onClose, send }: { what: string; onClose: () => void; send: (reason: string) => Promise<{ message: string }> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Say in a few words what is wrong.');
      return;
    }
    setBusy(true);
    try {
      const answer = await send(reason.trim());
      toast(answer.message, 'success');
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The report was not sent. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog label={`Report this ${what}`} onClose={onClose} className="w-full max-w-md">
      <form onSubmit={handleSubmit} className="m-4 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-5 shadow-2xl">
        <h2 className="text-lg font-semibold">Report this {what}</h2>
        <p className="mt-1 text-sm text-[var(--muted)]">The community’s admin sees your report and decides what to do. The author is not told who reported.</p>
        <label htmlFor={id} className="mt-4 block text-sm font-medium">
          Reason
        </label>
        <textarea
          id={id}
          data-autofocus
          value={reason}
          maxLength={REPORT_REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          rows={3}
          className="mt-1.5 w-full resize-y rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-3 py-2 text-sm focus-ring"
          placeholder="Spam, abuse, an unmarked spoiler…"
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-[var(--danger)]">
            {error}
          </p>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export const fieldClass = 'w-full rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-3 py-2.5 text-sm placeholder:text-[var(--muted)]/70 focus-ring';

/** 'edited' beside a time when there was an edit. */
export function Edited({ at }: { at: string | null }) {
  return at ? <span title={new Date(at).toLocaleString('en')}> · edited</span> : null;
}
