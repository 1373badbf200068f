/**
 * Which compiled better-sqlite3 addon SQLite connections load. By default, the one npm built into node_modules for the
 * Node.js that ran `npm install`. `SQLITE_ADDON` names another `better_sqlite3.node`: one built for a different Node.js
 * (its ABI differs), as `scripts/node-lts.mjs` builds to run the same checkout on the current LTS beside Node 20.
 * Read from the environment (not the config) because the SQLite worker threads open their own connections.
 */
import type SQLite from 'better-sqlite3';

export function sqliteOptions(extra: SQLite.Options = {}): SQLite.Options {
  const addon = process.env.SQLITE_ADDON;
  return addon ? { ...extra, nativeBinding: addon } : extra;
}
