import { defineConfig } from 'vitest/config';

const serverFiles = ['server/**/*.test.ts'];
const unitFiles = ['common/**/*.test.ts', 'server/**/*.unit.test.ts', 'web/**/*.test.ts', 'web/**/*.test.tsx', 'scripts/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: unitFiles, environment: 'node' } },
      {
        test: {
          name: 'server-sqlite',
          include: serverFiles,
          // *.postgres.test.ts: suites about PostgreSQL-only work (several processes on one database).
          exclude: ['**/*.unit.test.ts', '**/*.postgres.test.ts', '**/node_modules/**'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: serverFiles,
          // *.sqlite.test.ts: suites about SQLite-only work (the starter catalogue import, read once).
          exclude: ['**/*.unit.test.ts', '**/*.sqlite.test.ts', '**/node_modules/**'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
    ],
  },
});
