import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

/** Spec 9: hover menus open and close after 100 ms. */
export const HOVER_DELAY_MS = 100;

interface HoverCardProps {
  trigger: (props: { 'aria-describedby': string | undefined; 'aria-expanded': boolean }) => ReactNode;
  children: ReactNode;
  className?: string;
  align?: 'start' | 'end';
}

/** A card that opens on hover or keyboard focus and closes shortly after leaving. */
export function HoverCard({ trigger, children, className, align = 'end' }: HoverCardProps) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  const schedule = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), HOVER_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover/focus wrapper; the trigger inside is the interactive element
    <div
      className="relative"
      onPointerEnter={(e) => e.pointerType === 'mouse' && schedule(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && schedule(false)}
      onFocus={() => schedule(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) schedule(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          clearTimeout(timer.current);
          setOpen(false);
        }
      }}
    >
      {trigger({ 'aria-describedby': open ? id : undefined, 'aria-expanded': open })}
      {open && (
        <div
          id={id}
          role="tooltip"
          className={cn(
            'animate-pop-in absolute top-full z-40 mt-2 w-72 rounded-xl border border-[var(--border)] bg-[var(--surface)] p-4 text-sm shadow-xl shadow-black/30',
            align === 'end' ? 'right-0' : 'left-0',
            className,
          )}
        >
          {children}
        </div>
      )}
    </div>
  );
}
