import { createStore } from './create-store';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  /** One button beside the message (Undo, Remove ...); pressing it also closes the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export const toastStore = createStore<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toastStore.set((list) => list.filter((t) => t.id !== id));
}

/** Shows a short message in the global toast area; the same message is never stacked twice. */
export function toast(message: string, tone: ToastTone = 'info', durationMs = 5000, action?: ToastAction): void {
  const existing = toastStore.get().find((t) => t.message === message);
  if (existing) dismissToast(existing.id);
  const id = nextId++;
  toastStore.set((list) => [...list.slice(-3), { id, message, tone, action }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
}
