import { useEffect, useRef } from 'react';

/**
 * Infinite scroll: calls `onVisible` when the returned sentinel comes within
 * `rootMargin` of the viewport, while `enabled`.
 */
export function useInViewCallback<T extends HTMLElement>(onVisible: () => void, enabled: boolean, rootMargin = '600px 0px') {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    }, { rootMargin });
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);
  return ref;
}
