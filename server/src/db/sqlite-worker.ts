/**
 * The SQLite database workers, each a thread with its own connection to the database file, by `workerData.role`:
 * - `checkpointer`: writes the write-ahead log back into the database file every `everyMs` (PASSIVE checkpoints copy
 *   what no reader still needs and never wait for, nor block, the main connection);
 * - `reader`: runs the heavy reads (`Database.readHeavy`) on a read-only connection, which in WAL mode reads the
 *   last commit without waiting for, or blocking, the main connection's writes;
 * - `writer`: writes batches (`Database.writeBatch`) in short IMMEDIATE transactions (write-slices.ts).
 * Each answers the messages of database.ts (`{ id, ... }` answered by `{ id, error }` or `{ id, <field> }`) and
 * closes its connection on 'stop'.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { sqliteOptions } from './sqlite-addon.ts';
import { type BatchRows, writeInSlices } from './write-slices.ts';

interface Data {
  role: 'checkpointer' | 'reader' | 'writer';
  file: string;
  everyMs?: number;
  sliceRows?: number;
  sliceMs?: number;
  betweenMs?: number;
  autocheckpoint?: number;
}

const data = workerData as Data;
const port = parentPort;
if (!port) throw new Error('sqlite-worker.ts runs as a worker thread');

/**
 * First, the thread yields the CPU to the event loop. On Linux each thread has its own nice value, so the worker's is
 * set to the lowest priority (raising it needs no privilege; elsewhere, or if it fails, nothing changes). Why: when
 * the server shares a core with its workers (a small machine, or a container limited to one CPU), the kernel gave a
 * busy worker (a checkpoint, the weekly ranking) time slices of several milliseconds while requests waited; at the
 * lowest priority it runs when the event loop is idle, and yields within a millisecond or two when not.
 */
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
} catch {}

const messageOf = (err: unknown) => String((err as Error | undefined)?.message ?? err);
const db = new SQLite(data.file, sqliteOptions());
db.pragma('busy_timeout = 5000');

if (data.role === 'checkpointer') {
  const pass = () => {
    try {
      const [r] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
      port.postMessage({ log: r.log, checkpointed: r.checkpointed });
    } catch (err) {
      port.postMessage({ error: messageOf(err) });
    }
  };
  const timer = setInterval(pass, data.everyMs ?? 1000);
  port.on('message', (m) => {
    if (m === 'stop') {
      clearInterval(timer);
      db.close();
      port.postMessage({ stopped: true });
      port.close();
    }
  });
} else if (data.role === 'reader') {
  db.pragma('query_only = 1');
  const statements = new Map<string, SQLite.Statement>();
  port.on('message', (m: 'stop' | { id: number; sql: string; params: unknown[] }) => {
    if (m === 'stop') {
      db.close();
      port.postMessage({ stopped: true });
      port.close();
      return;
    }
    try {
      let statement = statements.get(m.sql);
      if (!statement) {
        statement = db.prepare(m.sql);
        if (statements.size < 200) statements.set(m.sql, statement);
      }
      port.postMessage({ id: m.id, rows: statement.all(...m.params) });
    } catch (err) {
      port.postMessage({ id: m.id, error: messageOf(err) });
    }
  });
} else {
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  // As on the main connection: with background checkpoints, no commit of this one copies the log back either.
  db.pragma(`wal_autocheckpoint = ${data.autocheckpoint ?? 1000}`);
  const statements = new Map<string, SQLite.Statement>();
  let queue = Promise.resolve();
  const write = async (m: { sql: string; rows: BatchRows }) => {
    let statement = statements.get(m.sql);
    if (!statement) {
      statement = db.prepare(m.sql);
      if (statements.size < 50) statements.set(m.sql, statement);
    }
    await writeInSlices(db, statement, m.rows, data.sliceRows ?? 250, data.sliceMs ?? 1, data.betweenMs ?? 4);
  };
  port.on('message', (m: 'stop' | { id: number; sql: string; rows: BatchRows }) => {
    if (m === 'stop') {
      // Batches already sent are finished first.
      queue = queue.then(() => {
        db.close();
        port.postMessage({ stopped: true });
        port.close();
      });
      return;
    }
    queue = queue
      .then(() => write(m))
      .then(
        () => port.postMessage({ id: m.id }),
        (err) => port.postMessage({ id: m.id, error: messageOf(err) }),
      );
  });
}
