import { useState } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { Link } from '../../../lib/router';
import { usePersonDiaryMonth } from '../api/diary';
import { EntryList } from './diary-page';
import { MonthNav, monthLabel } from './month-nav';
import { localToday } from './watched-panel';

/**
 * A profile's Diary section: what the person watched, a month at a time, newest day first. It opens on the latest
 * month with entries; the arrows and the list of months move through the rest. Loaded when the profile is shown.
 */
export default function ProfileDiary({ userId, name, isMe }: { userId: string; name: string; isMe: boolean }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const first = usePersonDiaryMonth(userId, null);
  const latest = first.data?.months[0]?.month ?? null;
  const current = localToday().slice(0, 7);
  // Until a month is chosen: the latest with entries (this month's answer already holds the list of months).
  const month = chosen ?? (latest && latest !== (first.data?.month ?? current) ? latest : null);
  const diary = usePersonDiaryMonth(userId, month);
  const shown = month ?? first.data?.month ?? current;
  const months = diary.data?.months ?? first.data?.months ?? [];
  const query = month === null ? first : diary;
  const oldest = months.at(-1)?.month;

  return (
    <div>
      <MonthNav month={shown} go={setChosen} months={months} oldest={oldest ?? null} label="Diary months" jumpLabel="Jump to a month of the diary" heading="h3" />
      <QueryState
        query={query}
        loading={<SkeletonList count={2} label="Loading the diary" itemClassName="h-20 rounded-2xl" />}
        errorTitle="The diary did not load"
        errorVariant="inline"
        errorClassName="text-[var(--muted)]"
        isEmpty={(data) => data.entries.length === 0}
        empty={
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-[var(--muted)]">
              {months.length === 0 ? `${isMe ? 'You have' : `${name} has`} logged nothing yet.` : `Nothing logged in ${monthLabel(shown)}.`}
            </p>
            {isMe && (
              <Link to="/diary" className={buttonClasses('secondary', 'sm')}>
                Open your diary
              </Link>
            )}
          </div>
        }
      >
        {(data) => <EntryList entries={data.entries} owner={false} />}
      </QueryState>
    </div>
  );
}
