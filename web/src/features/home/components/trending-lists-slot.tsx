import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CardRowSkeleton } from './skeleton-rows';

const TrendingLists = lazy(() => import('./trending-lists'));

/** The skeleton cards until the section comes near the screen; then the lists and their code, which the first download never carries. */
export function TrendingListsSlot() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px 0px' });
    if (ref.current) observer.observe(ref.current);
    return () => observer.disconnect();
  }, []);
  const skeleton = <CardRowSkeleton kind="list" />;
  return <div ref={ref}>{near ? <Suspense fallback={skeleton}><TrendingLists /></Suspense> : skeleton}</div>;
}
