import { type RefObject, useEffect } from 'react';

/** Calls `onOutside` on a pointer press outside every given element while `active`. */
export function useOutsideClick(refs: RefObject<HTMLElement | null>[], onOutside: () => void, active = true): void {
  useEffect(() => {
    if (!active) return;
    const handle = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && refs.some((ref) => ref.current?.contains(target))) return;
      onOutside();
    };
    document.addEventListener('pointerdown', handle);
    return () => document.removeEventListener('pointerdown', handle);
  }, [refs, onOutside, active]);
}
