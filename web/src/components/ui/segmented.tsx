import { cn } from '../../lib/cn';

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
