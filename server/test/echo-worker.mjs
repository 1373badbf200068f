// A worker for the tests of database.ts's workerCalls: echoes in upper case, answers an error, or dies.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (m) => {
  if (m === 'stop') {
    parentPort.close();
    return;
  }
  if (m.echo === 'boom') process.exit(3);
  if (m.echo === 'bad') {
    parentPort.postMessage({ id: m.id, error: 'no such thing' });
    return;
  }
  parentPort.postMessage({ id: m.id, result: m.echo.toUpperCase() });
});
