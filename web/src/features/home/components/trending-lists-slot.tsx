import { lazy, Suspense, useState } from 'react';
import { CardRowSkeleton } from './skeleton-rows';

const TrendingLists = lazy(() => import('./trending-lists'));

/** The skeleton cards until the section comes near the screen; then the lists and their code, which the first download never carries. */
export function TrendingListsSlot() {
  const [near, setNear] = useState(false);
  const skeleton = <CardRowSkeleton kind="list" />;
  return (
    <div
      ref={(node) => {
        if (!node || near) return;
        const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px 0px' });
        observer.observe(node);
        return () => observer.disconnect();
      }}
    >
      {near ? <Suspense fallback={skeleton}><TrendingLists /></Suspense> : skeleton}
    </div>
  );
}
