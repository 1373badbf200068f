import type { TitleType } from '@common/contracts/titles';
import { cn } from '../../lib/cn';

const TABS: { label: string; type: TitleType | null }[] = [
  { label: 'All', type: null },
  { label: 'Movies', type: 'movie' },
  { label: 'TV Shows', type: 'tvSeries' },
];

/** All / Movies / TV Shows: which kind of title a page lists (search results, the watchlist). */
export function TitleTypeTabs({ value, onChange }: { value: TitleType | null; onChange: (type: TitleType | null) => void }) {
  return (
    <div role="tablist" aria-label="Kind of title" className="mb-6 inline-flex rounded-full border border-[var(--border)] bg-[var(--surface)] p-1">
      {TABS.map((tab) => (
        <button
          key={tab.label}
          type="button"
          role="tab"
          aria-selected={value === tab.type}
          onClick={() => onChange(tab.type)}
          className={cn(
            'h-9 rounded-full px-4 text-sm font-medium transition-colors duration-150 focus-ring max-sm:h-10',
            value === tab.type ? 'bg-[var(--accent)] text-[var(--accent-ink)]' : 'text-[var(--muted)] hover:text-[var(--text)]',
          )}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
