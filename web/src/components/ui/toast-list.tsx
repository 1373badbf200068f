import { cn } from '../../lib/cn';
import { dismissToast, type Toast } from '../../lib/toast';
import { CloseIcon } from './icons';

/** The toasts in the area (loaded with the first toast). */
export default function ToastList({ toasts }: { toasts: Toast[] }) {
  return (
    <>
      {toasts.map((t) => (
        <div
          key={t.id}
          className={cn(
            'animate-pop-in pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-[var(--surface)] px-4 py-3 text-sm shadow-xl shadow-black/30',
            t.tone === 'error' ? 'border-[var(--danger)]/60' : t.tone === 'success' ? 'border-[var(--success)]/60' : 'border-[var(--border)]',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'mt-1.5 h-2 w-2 shrink-0 rounded-full',
              t.tone === 'error' ? 'bg-[var(--danger)]' : t.tone === 'success' ? 'bg-[var(--success)]' : 'bg-[var(--accent)]',
            )}
          />
          <p className="flex-1 text-[var(--text)]">{t.message}</p>
          {t.action && (
            <button
              type="button"
              onClick={() => {
                dismissToast(t.id);
                t.action?.onClick();
              }}
              className="-my-1.5 h-10 shrink-0 rounded-lg px-2 font-semibold text-[var(--accent)] hover:underline focus-ring sm:h-8"
            >
              {t.action.label}
            </button>
          )}
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            className="-m-2 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-[var(--muted)] hover:text-[var(--text)] focus-ring sm:h-8 sm:w-8"
            aria-label="Dismiss notification"
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </>
  );
}
