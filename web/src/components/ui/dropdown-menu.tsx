import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { useOutsideClick } from '../../hooks/use-outside-click';
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

/** Items the arrow keys move between: actions, and choices such as the theme. */
const itemSelector = '[role="menuitem"], [role="menuitemradio"]';

/**
 * A menu button: closes on outside click, Escape and the choice of an action
 * (a menuitemradio keeps it open, so the choice shows); arrow keys move between items.
 */
export function DropdownMenu({ open, onOpenChange, trigger, children, align = 'end', placement = 'below', className, menuClassName }: DropdownMenuProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const refs = useMemo(() => [rootRef], []);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  useOutsideClick(refs, close, open);

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>(itemSelector)?.focus();
  }, [open]);

  const focusItem = (delta: number) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? []);
    if (!items.length) return;
    const index = items.indexOf(document.activeElement as HTMLElement);
    items[(index + delta + items.length) % items.length].focus();
  };

  const handleMenuKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(-1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
      rootRef.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
    } else if (event.key === 'Tab') {
      close();
    }
  };

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
        <div
          ref={menuRef}
          id={id}
          role="menu"
          tabIndex={-1}
          onKeyDown={handleMenuKey}
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('[role="menuitem"]')) close();
          }}
          className={cn(
            'animate-pop-in absolute z-40 min-w-52 rounded-xl border border-[var(--border)] bg-[var(--surface)] p-1.5 shadow-xl shadow-black/30',
            align === 'end' ? 'right-0' : 'left-0',
            placement === 'below' ? 'top-full mt-2' : 'bottom-full mb-2',
            menuClassName,
          )}
        >
          {children}
        </div>
      )}
    </div>
  );
}

export const menuItemClasses =
  'flex w-full min-h-10 items-center gap-3 rounded-lg px-3 text-left text-sm text-[var(--text)] hover:bg-[var(--surface-2)] focus-visible:bg-[var(--surface-2)] focus-visible:outline-none';
