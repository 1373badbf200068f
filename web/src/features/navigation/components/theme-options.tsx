import { CheckIcon, MonitorIcon, MoonIcon, SunIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { type ThemeChoice, themeChoices, useThemeChoice } from '../../../lib/theme';

const icons: Record<ThemeChoice, typeof MoonIcon> = { dark: MoonIcon, light: SunIcon, system: MonitorIcon };

/** The account menu's theme switch: Dark (the default), Light, or whatever the system says. */
export function ThemeOptions() {
  const [choice, setChoice] = useThemeChoice();
  return (
    <fieldset className="min-w-0 px-1.5 pt-1 pb-1.5">
      <legend className="px-1.5 pb-1.5 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase">Theme</legend>
      <div className="grid grid-cols-3 gap-1 rounded-xl bg-[var(--surface-2)] p-1">
        {themeChoices.map(({ value, label }) => {
          const Icon = icons[value];
          const on = value === choice;
          return (
            <button
              key={value}
              type="button"
              role="menuitemradio"
              aria-checked={on}
              onClick={() => setChoice(value)}
              className={cn(
                'relative flex min-h-10 flex-col items-center justify-center gap-0.5 rounded-lg px-1 py-1.5 text-xs transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-[var(--focus)]',
                on ? 'bg-[var(--surface)] font-medium text-[var(--text)] shadow-sm' : 'text-[var(--muted)] hover:text-[var(--text)]',
              )}
            >
              <Icon size={16} />
              {label}
              {on && <CheckIcon size={11} strokeWidth={3} className="absolute top-1 right-1 text-[var(--accent)]" />}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
