/**
 * Stands in for the `use-sync-external-store/shim` package in the web build (see
 * web/vite.config.ts): wouter imports the shim for React 17 and older, and on React 18+
 * the shim only hands back React's own hook. Aliasing it keeps the fallback's code out
 * of the first download.
 */
export { useSyncExternalStore } from 'react';
