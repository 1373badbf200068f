import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster } from '../components/ui/toaster';
import { queryClient } from '../lib/query-client';
import { restorePersistedStores } from '../lib/stores';

/** Spec 4/9: nothing renders until the device state is restored, which waits at most 5000 ms. */
export const PERSIST_TIMEOUT_MS = 5000;

function PersistGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    restorePersistedStores(PERSIST_TIMEOUT_MS).then(() => {
      if (alive) setReady(true);
    });
    return () => {
      alive = false;
    };
  }, []);
  return ready ? children : null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PersistGate>{children}</PersistGate>
      <Toaster />
    </QueryClientProvider>
  );
}
