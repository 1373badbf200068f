import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: '.',
    include: ['e2e/**/*.test.ts'],
    testTimeout: 60000,
    hookTimeout: 180000,
    fileParallelism: false,
    // The journeys run one after another in one process that keeps its modules, so those on the shared stack
    // (harness.ts sharedStack) use one server and one browser; the others start their own (startStack).
    pool: 'forks',
    maxWorkers: 1,
    isolate: false,
  },
});
