import { lazy, Suspense } from 'react';
import { useStore } from '../../lib/create-store';
import { toastStore } from '../../lib/toast';

const ToastList = lazy(() => import('./toast-list'));

/** The global toast area, mounted once at the root: an empty live region until the first toast, whose look loads then. */
export function Toaster() {
  const toasts = useStore(toastStore);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="false"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4 sm:right-4 sm:left-auto sm:items-end"
    >
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastList toasts={toasts} />
        </Suspense>
      )}
    </div>
  );
}
