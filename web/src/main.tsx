import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { sessionQueryOptions } from './lib/current-user';
import { queryClient } from './lib/query-client';
import './index.css';

// zod (it comes with forms and some answers' checks) would try `new Function` to compile faster parsers; the content
// security policy forbids eval (script-src 'self'), so the try only logs a violation. The config z.config() writes
// lives on globalThis: set here, before zod loads (in a later chunk), it tells zod not to try.
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfig.__zod_globalConfig = { ...zodConfig.__zod_globalConfig, jitless: true };

// Who is signed in is asked at once, alongside the download of the first page's code rather than after it.
void queryClient.prefetchQuery(sessionQueryOptions());

const container = document.getElementById('root');
if (!container) throw new Error('Reelhouse needs a #root element in index.html.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
