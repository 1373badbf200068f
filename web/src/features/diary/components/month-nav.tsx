import { buttonClasses } from '../../../components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { localToday } from './watched-panel';

export const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * A diary's months: previous and next (never past this month, nor, when `oldest` is given, before it), the month
 * shown as a heading, and a list of the months with entries to jump to. The reader's /diary and a profile's Diary
 * section share it, each with its own heading level and labels.
 */
export function MonthNav({
  month,
  go,
  months,
  oldest,
  label,
  jumpLabel,
  heading: Heading = 'h2',
}: {
  month: string;
  go: (month: string) => void;
  months: { month: string; count: number }[];
  oldest?: string | null;
  label: string;
  jumpLabel: string;
  heading?: 'h2' | 'h3';
}) {
  return (
    <nav className="mb-4 flex flex-wrap items-center gap-2" aria-label={label}>
      <button
        type="button"
        className={buttonClasses('ghost', 'icon')}
        onClick={() => go(shiftMonth(month, -1))}
        aria-label="Previous month"
        disabled={oldest !== undefined && (!oldest || month <= oldest)}
      >
        <ChevronLeftIcon size={20} />
      </button>
      <Heading className="min-w-40 text-center font-semibold tabular-nums" aria-live="polite">
        {monthLabel(month)}
      </Heading>
      <button type="button" className={buttonClasses('ghost', 'icon')} onClick={() => go(shiftMonth(month, 1))} aria-label="Next month" disabled={month >= localToday().slice(0, 7)}>
        <ChevronRightIcon size={20} />
      </button>
      {months.length > 0 && (
        <select
          aria-label={jumpLabel}
          className="h-10 w-full rounded-xl border border-[var(--border)] bg-[var(--surface)] px-3 text-sm focus-ring sm:ml-auto sm:w-auto"
          value={months.some((m) => m.month === month) ? month : ''}
          onChange={(e) => e.target.value && go(e.target.value)}
        >
          <option value="">Months with entries</option>
          {months.map((m) => (
            <option key={m.month} value={m.month}>
              {monthLabel(m.month)} ({m.count})
            </option>
          ))}
        </select>
      )}
    </nav>
  );
}
