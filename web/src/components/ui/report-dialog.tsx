import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { Button } from './button';
import { Dialog } from './dialog';

interface ReportDialogProps {
  /** The heading, also the dialog's name: "Report this comment", "Report Ada". */
  title: string;
  /** One sentence under the heading: who reads the report. */
  hint?: ReactNode;
  /** The reason field's label. */
  label?: string;
  placeholder?: string;
  maxLength: number;
  /** Shown when Send is pressed with an empty reason. */
  emptyMessage?: string;
  /** Sends the report; a `message` in the answer is the toast, else `sentMessage`. */
  send: (reason: string) => Promise<unknown>;
  sentMessage?: string;
  onClose: () => void;
}

const messageOf = (answer: unknown): string | undefined =>
  answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string' ? answer.message : undefined;

/**
 * Reporting anything (a discussion, a comment, a person...): a reason in the reporter's words, sent by the caller's
 * `send`, a toast when it is in, the server's message under the field when it is refused.
 */
export function ReportDialog({ title, hint, label = 'Reason', placeholder, maxLength, emptyMessage = 'Say what is wrong.', send, sentMessage = 'Thanks. The moderators will look at your report.', onClose }: ReportDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(emptyMessage);
      return;
    }
    setBusy(true);
    try {
      const answer = await send(reason.trim());
      toast(messageOf(answer) ?? sentMessage, 'success');
      onClose();
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The report was not sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog label={title} onClose={onClose} className="w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-5 shadow-2xl">
      <form onSubmit={handleSubmit} noValidate>
        <h2 className="text-lg font-semibold text-balance">{title}</h2>
        {hint && <p className="mt-1 text-sm text-pretty text-[var(--muted)]">{hint}</p>}
        <label htmlFor={id} className="mt-4 block text-sm font-medium">
          {label}
        </label>
        <textarea
          id={id}
          data-autofocus
          rows={4}
          value={reason}
          maxLength={maxLength}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1.5 w-full resize-y rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-3 py-2 text-base placeholder:text-[var(--muted)]/70 focus-ring sm:text-sm"
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-[var(--danger)]">
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
