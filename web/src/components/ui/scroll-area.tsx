import { type HTMLAttributes, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

/** Spec 9: scroll bars hide after 600 ms without scrolling. */
export const SCROLLBAR_HIDE_MS = 600;

export function ScrollArea({ className, children, onScroll, ...props }: HTMLAttributes<HTMLDivElement>) {
  const [scrolling, setScrolling] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div
      {...props}
      data-scrolling={scrolling || undefined}
      className={cn('scroll-area overflow-y-auto overscroll-contain', className)}
      onScroll={(event) => {
        setScrolling(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setScrolling(false), SCROLLBAR_HIDE_MS);
        onScroll?.(event);
      }}
    >
      {children}
    </div>
  );
}
