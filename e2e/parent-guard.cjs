// Preloaded (--require) into the server a journey starts: when the test process that started it goes away, however it
// ends, the IPC channel closes and the server stops and removes its data directory, so no server outlives its run.
const { rmSync } = require('node:fs');

process.once('disconnect', () => {
  if (process.env.E2E_DATA_DIR) rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  process.kill(process.pid, 'SIGTERM');
});
