import type { DiaryEntry } from '@common/contracts/diary';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CalendarIcon, StarIcon, TrashIcon } from '../../../components/ui/icons';
import { PosterImage } from '../../../components/ui/poster';
import { QueryState } from '../../../components/ui/query-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { deleteWatch } from '../../../lib/diary';
import { titlePath, typeLabel } from '../../../lib/media';
import { Link, useSearchParams } from '../../../lib/router';
import { useDiaryMonth } from '../api/diary';
import { MonthNav, monthLabel } from './month-nav';
import { localToday } from './watched-panel';


/** /diary?month=YYYY-MM: what the reader watched, a month at a time, newest day first. */
export function DiaryPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : localToday().slice(0, 7);
  const diary = useDiaryMonth(month);
  const go = (next: string) => {
    const copy = new URLSearchParams(params);
    copy.set('month', next);
    setParams(copy);
  };
  const months = diary.data?.months ?? [];
  const year = Number(month.slice(0, 4));
  const total = diary.data?.entries.length ?? 0;

  return (
    <div>
      <title>{`Diary · ${monthLabel(month)} · Reelhouse`}</title>
      <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your diary</h1>
          <p className="mt-1 text-sm text-[var(--muted)]">What you watched, day by day. Your profile shows it to others as well.</p>
        </div>
        <Link to={`/diary/${year}`} className={buttonClasses('secondary')}>
          <StarIcon size={16} /> {year} in review
        </Link>
      </header>

      <MonthNav month={month} go={go} months={months} label="Months" jumpLabel="Jump to a month" />

      <QueryState
        query={diary}
        loading={<SkeletonList count={4} label="Loading the diary" itemClassName="h-24 rounded-2xl" />}
        errorTitle="Your diary did not load"
        errorIcon={<CalendarIcon size={24} />}
        isEmpty={() => total === 0}
        empty={
          <EmptyState
            icon={<CalendarIcon size={24} />}
            title={`Nothing logged in ${monthLabel(month)}`}
            action={
              <Link to="/directory" className={buttonClasses('primary')}>
                Find something to watch
              </Link>
            }
          >
            Press “Mark watched” on a title page, or the eye on any poster, to log what you watch. Letterboxd diaries and Trakt history come in from
            Import history.
          </EmptyState>
        }
      >
        {(data) => <EntryList entries={data.entries} />}
      </QueryState>
    </div>
  );
}

/** A month's entries by day. `owner`: the reader's own diary (ratings are "Your rating", each entry can be removed). */
export function EntryList({ entries, owner = true }: { entries: DiaryEntry[]; owner?: boolean }) {
  const byDay = new Map<string, DiaryEntry[]>();
  for (const e of entries) byDay.set(e.watchedOn, [...(byDay.get(e.watchedOn) ?? []), e]);
  return (
    <ol className="space-y-4" aria-label="Diary entries">
      {[...byDay].map(([day, list]) => (
        <li key={day} className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-3 sm:grid-cols-[4.5rem_minmax(0,1fr)]">
          <div className="pt-2 text-center">
            <p className="text-2xl font-bold tabular-nums sm:text-3xl">{Number(day.slice(8, 10))}</p>
            <p className="text-xs text-[var(--muted)] uppercase">{new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { weekday: 'short', timeZone: 'UTC' })}</p>
          </div>
          <ul className="space-y-2">
            {list.map((entry) => (
              <EntryRow key={entry.id} entry={entry} owner={owner} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function EntryRow({ entry, owner }: { entry: DiaryEntry; owner: boolean }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const t = entry.title;
  const remove = async () => {
    setBusy(true);
    try {
      await deleteWatch(client, entry.id, t.id, t.title);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-2.5">
      <Link to={titlePath(t.type, t.id)} className="w-12 shrink-0 rounded-lg focus-ring sm:w-14" aria-hidden="true" tabIndex={-1}>
        <PosterImage id={t.id} title={t.title} year={t.year ? String(t.year) : undefined} src={t.primaryImage} width={120} mini className="rounded-lg" />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={titlePath(t.type, t.id)} className="block truncate font-medium hover:text-[var(--accent)]">
          {t.title}
        </Link>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-[var(--muted)] tabular-nums">
          <span>{t.year ?? 'N/A'}</span>
          <span aria-hidden="true">·</span>
          <span>{typeLabel(t.type)}</span>
          {entry.rewatch && <span className="rounded-full bg-[var(--surface-3)] px-2 py-px font-semibold text-[var(--text)]">Rewatch</span>}
          {entry.rating !== null && (
            <span className="inline-flex items-center gap-0.5">
              <StarIcon size={12} className="text-[var(--rating)]" /> {owner ? 'Your rating' : 'Rated'} {entry.rating}/10
            </span>
          )}
        </p>
      </div>
      {owner && (
        <button type="button" className={buttonClasses('ghost', 'icon')} onClick={() => void remove()} disabled={busy} aria-label={`Remove ${t.title} on ${entry.watchedOn} from your diary`}>
          <TrashIcon size={18} />
        </button>
      )}
    </li>
  );
}
