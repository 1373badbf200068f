import { useEffect, useRef } from 'react';

/**
 * Scrolls to the element with this id once it is on screen and rings it (`.highlight-ring`, a fading ring): where a
 * link led (a notification to a comment or a review). `ready` says the content that may hold it has loaded; the
 * first of `ids` found is used (a reply, else its thread). Done once per target; `data-highlighted` marks it.
 */
export function useHighlight(ids: readonly (string | null | undefined)[], ready: boolean): void {
  const done = useRef<string | null>(null);
  const key = ids.filter(Boolean).join(' ');
  useEffect(() => {
    if (!ready || !key || done.current === key) return;
    const element = key
      .split(' ')
      .map((id) => document.getElementById(id))
      .find((e): e is HTMLElement => e !== null);
    if (!element) return;
    done.current = key;
    element.scrollIntoView({ block: 'center' });
    element.classList.remove('highlight-ring');
    // A reflow, so that the ring plays again if it was there.
    void element.offsetWidth;
    element.classList.add('highlight-ring');
    element.dataset.highlighted = 'true';
  }, [key, ready]);
}
