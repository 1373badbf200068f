/** Kept for the modules that still import errors from here; new code imports lib/http/errors.ts. */
export * from './http/errors.ts';
