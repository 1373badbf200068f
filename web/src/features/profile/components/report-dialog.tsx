import { REPORT_REASON_MAX } from '@common/contracts/people';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useReportPerson } from '../api/people';

/** Report a person to the moderators: what is wrong, in the reporter's words. */
export function ReportDialog({ userId, name, onClose }: { userId: string; name: string; onClose: () => void }) {
  const report = useReportPerson();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Say what is wrong.');
    report.mutate(
      { userId, reason: reason.trim() },
      {
        onSuccess: () => {
          toast('Thanks. The moderators will look at your report.', 'success');
          onClose();
        },
        onError: (err) => setError(isApiError(err) ? err.message : 'Could not send the report. Please try again.'),
      },
    );
  };
  return (
    <Dialog label={`Report ${name}`} onClose={onClose} className="w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-5 shadow-2xl">
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        <h2 className="text-lg font-semibold">Report {name}</h2>
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
            What is wrong?
          </label>
          <textarea
            id={id}
            data-autofocus
            rows={4}
            maxLength={REPORT_REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="w-full resize-none rounded-xl border border-[var(--border)] bg-[var(--bg)] px-4 py-3 text-base focus-ring"
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-[var(--danger)]">
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-3">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={report.isPending}>
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
