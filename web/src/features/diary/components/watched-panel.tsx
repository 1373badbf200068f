import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CalendarIcon, CheckIcon, EyeIcon } from '../../../components/ui/icons';
import { useCurrentUser } from '../../../lib/current-user';
import { deleteWatch, markWatched } from '../../../lib/diary';
import { Link } from '../../../lib/router';
import { useTitleWatched } from '../api/diary';

const panelClass = 'rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4';

/** Today as the reader's calendar has it, YYYY-MM-DD. */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The title page's Watched panel: mark it watched today, log another day, undo the latest log. Rating stays separate. */
export function WatchedPanel({ titleId, title }: { titleId: string; title: string }) {
  const signedIn = useCurrentUser().user !== null;
  const state = useTitleWatched(titleId, signedIn);
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [logging, setLogging] = useState(false);
  if (!signedIn) return null;
  const data = state.data;

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const log = (day?: string) =>
    run(async () => {
      
      await markWatched(client, titleId, day);
    });
  const undo = () =>
    run(async () => {
      if (!data?.latest) return;
      
      await deleteWatch(client, data.latest.id, titleId, title);
    });

  return (
    <section className={panelClass} aria-labelledby="watched-heading">
      <div className="flex items-center justify-between gap-2">
        <h2 id="watched-heading" className="flex items-center gap-2 text-sm font-semibold">
          <EyeIcon size={18} className={data?.watched ? 'text-[var(--accent)]' : 'text-[var(--muted)]'} />
          {data?.watched ? 'Watched' : 'Not watched yet'}
        </h2>
        <Link to="/diary" className="text-xs font-medium text-[var(--accent)] hover:underline">
          Your diary
        </Link>
      </div>
      <p className="mt-1 min-h-5 text-sm text-[var(--muted)]" data-testid="watched-summary">
        {data?.latest
          ? `${data.count === 1 ? 'Logged once' : `Logged ${data.count} times`}, last on ${dayLabel(data.latest.watchedOn)}`
          : data?.undated
            ? 'Watched, on a day not recorded. Log the day you saw it to add it to your diary.'
            : state.isSuccess
              ? 'Mark it watched without rating it, or log the day you saw it.'
              : ''}
        {data?.liked ? ' · You liked it.' : ''}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button onClick={() => void log()} loading={busy} disabled={!state.isSuccess}>
          <CheckIcon size={16} /> {data?.watched ? 'Log today' : 'Mark watched'}
        </Button>
        <Button variant="secondary" onClick={() => setLogging(true)} disabled={!state.isSuccess}>
          <CalendarIcon size={16} /> Log a date…
        </Button>
      </div>
      {data?.latest && (
        <Button variant="ghost" size="sm" className="mt-2 w-full" onClick={() => void undo()} disabled={busy}>
          Remove the log of {dayLabel(data.latest.watchedOn)}
        </Button>
      )}
      {logging && (
        <LogDialog
          title={title}
          onClose={() => setLogging(false)}
          onLog={(day) => {
            setLogging(false);
            void log(day);
          }}
        />
      )}
    </section>
  );
}

/** The "Log" dialog: the day watched, today by default. */
function LogDialog({ title, onClose, onLog }: { title: string; onClose: () => void; onLog: (day: string) => void }) {
  const today = localToday();
  const [day, setDay] = useState(today);
  const id = useId();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day) && day <= today && day >= '1900-01-01';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onLog(day);
  };
  return (
    <Dialog label={`Log ${title}`} onClose={onClose} className="w-[min(24rem,calc(100vw-2rem))] rounded-2xl border border-[var(--border)] bg-[var(--surface)] shadow-2xl">
      <form onSubmit={submit} className="p-5">
        <h2 className="text-lg font-semibold">Log {title}</h2>
        <label htmlFor={id} className="mt-4 block text-sm font-medium">
          Watched on
        </label>
        <input
          id={id}
          type="date"
          value={day}
          max={today}
          min="1900-01-01"
          onChange={(e) => setDay(e.target.value)}
          data-autofocus
          className="mt-1 h-11 w-full rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-3 text-[var(--text)] focus-ring"
        />
        {!valid && <p className="mt-1 text-xs text-[var(--danger)]">Choose a day up to today.</p>}
        <p className="mt-2 text-xs text-[var(--muted)]">A second log of the same title counts as a rewatch. Logging does not rate it.</p>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={buttonClasses('ghost')} onClick={onClose}>
            Cancel
          </button>
          <Button type="submit" disabled={!valid}>
            Log
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
