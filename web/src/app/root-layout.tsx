import { Component, type ReactNode, useEffect } from 'react';
import { buttonClasses } from '../components/ui/button';
import { useLocation } from '../lib/router';

/** New page, top of the page (keeps the position when only the query changes). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls on purpose whenever the path changes
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Last line of defence: a failed chunk download (after a new release) or a render error. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="grid min-h-dvh place-items-center px-6 text-center">
        <div className="max-w-md">
          <h1 className="text-3xl font-semibold tracking-tight">Something went wrong</h1>
          <p className="mt-3 text-[var(--muted)]">Reelhouse could not show this page. Reloading usually fixes it.</p>
          <div className="mt-8 flex justify-center gap-3">
            <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
              Reload
            </button>
            <a href="/home" className={buttonClasses('secondary')}>
              Go to home
            </a>
          </div>
        </div>
      </main>
    );
  }
}
