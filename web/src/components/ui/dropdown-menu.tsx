import { type KeyboardEvent, lazy, type ReactNode, Suspense, useCallback, useId, useRef } from 'react';
import { cn } from '../../lib/cn';

interface DropdownMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Renders the trigger; spread the given props onto a <button>. */
  trigger: (props: {
    'aria-haspopup': 'menu';
    'aria-expanded': boolean;
    'aria-controls': string | undefined;
    onClick: () => void;
    onKeyDown: (e: KeyboardEvent) => void;
  }) => ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
  placement?: 'below' | 'above';
  className?: string;
  menuClassName?: string;
}

const DropdownPanel = lazy(() => import('./dropdown-panel'));

/**
 * A menu button. Only the button ships with the page; the open menu (outside click, Escape, arrow keys: see
 * dropdown-panel.tsx) loads when a menu first opens.
 */
export function DropdownMenu({ open, onOpenChange, trigger, children, align = 'end', placement = 'below', className, menuClassName }: DropdownMenuProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      {trigger({
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? id : undefined,
        onClick: () => onOpenChange(!open),
        onKeyDown: (e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            onOpenChange(true);
          }
        },
      })}
      {open && (
        <Suspense fallback={null}>
          <DropdownPanel
            id={id}
            root={rootRef}
            onClose={close}
            className={cn(align === 'end' ? 'right-0' : 'left-0', placement === 'below' ? 'top-full mt-2' : 'bottom-full mb-2', menuClassName)}
          >
            {children}
          </DropdownPanel>
        </Suspense>
      )}
    </div>
  );
}

export const menuItemClasses =
  'flex w-full min-h-10 items-center gap-3 rounded-lg px-3 text-left text-sm text-[var(--text)] hover:bg-[var(--surface-2)] focus-visible:bg-[var(--surface-2)] focus-visible:outline-none';
