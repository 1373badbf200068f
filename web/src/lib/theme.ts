import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'dark' | 'light' | 'system';

export const themeChoices: { value: ThemeChoice; label: string }[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
  { value: 'system', label: 'System' },
];

/** Set by public/theme.js, which applies the remembered theme before the first paint. */
interface ThemeControl {
  read: () => ThemeChoice;
  set: (choice: ThemeChoice) => void;
  subscribe: (listener: () => void) => () => void;
}

declare global {
  interface Window {
    reelhouseTheme?: ThemeControl;
  }
}

const control = (): ThemeControl | undefined => (typeof window === 'undefined' ? undefined : window.reelhouseTheme);
const noSubscription = () => () => undefined;

/** The theme the person chose (dark by default), remembered on the device. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(
    control()?.subscribe ?? noSubscription,
    () => control()?.read() ?? 'dark',
    () => 'dark' as const,
  );
  return [choice, (next) => control()?.set(next)];
}
