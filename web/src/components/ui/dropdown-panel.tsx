import { type KeyboardEvent, type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import { useOutsideClick } from '../../hooks/use-outside-click';
import { cn } from '../../lib/cn';

/** Items the arrow keys move between: actions, and choices such as the theme. */
const itemSelector = '[role="menuitem"], [role="menuitemradio"]';

/**
 * An open menu of DropdownMenu (loaded when a menu first opens): closes on outside click, Escape and the choice of an
 * action (a menuitemradio keeps it open, so the choice shows); arrow keys move between items.
 */
export default function DropdownPanel({
  id,
  root,
  onClose,
  children,
  className,
}: {
  id: string;
  /** The menu button's wrapper: a click inside it is not an outside click, and Escape gives its button the focus back. */
  root: RefObject<HTMLDivElement | null>;
  onClose: () => void;
  children: ReactNode;
  className: string;
}) {
  const menuRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [root], [root]);
  const close = useCallback(() => onClose(), [onClose]);
  useOutsideClick(refs, close, true);

  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>(itemSelector)?.focus();
  }, []);

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
      root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
    } else if (event.key === 'Tab') {
      close();
    }
  };

  return (
    <div
      ref={menuRef}
      id={id}
      role="menu"
      tabIndex={-1}
      onKeyDown={handleMenuKey}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('[role="menuitem"]')) close();
      }}
      className={cn('animate-pop-in absolute z-40 min-w-52 rounded-xl border border-[var(--border)] bg-[var(--surface)] p-1.5 shadow-xl shadow-black/30', className)}
    >
      {children}
    </div>
  );
}
