import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints of a SQLite file on a thread of their own. A checkpoint
 * copies the WAL's pages into the database file and fsyncs it; run by the
 * writing connection (SQLite's autocheckpoint, after a commit) that blocks the
 * event loop for the fsync: every few batches of sends, tens of milliseconds in
 * which no socket is served. This thread's own connection checkpoints
 * (PASSIVE: never blocks the writer) every `intervalMs` instead.
 *
 * Under a steady stream of commits a passive checkpoint may never catch up
 * with the WAL's end, and only a fully copied WAL starts over from its
 * beginning; so the writer keeps an autocheckpoint too, at a larger size
 * (WRITER_AUTOCHECKPOINT_PAGES): by then most pages are already copied and
 * its checkpoint is short.
 */
export const WRITER_AUTOCHECKPOINT_PAGES = 10_000;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Plain JavaScript, evaluated as the worker's script: the server may run from
 * TypeScript sources (tsx) or built files, so no path of a module to load.
 * Dynamic imports only, as it may be evaluated as CommonJS or as a module.
 */
const WORKER_SOURCE = `
(async () => {
  const { createRequire } = await import('node:module');
  const { parentPort, workerData } = await import('node:worker_threads');
  const Database = createRequire(workerData.base)('better-sqlite3');
  const db = new Database(workerData.path);
  let failed = false;
  const checkpoint = () => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      // Reported once: the writer's own autocheckpoint still bounds the WAL.
      if (!failed) parentPort.postMessage({ error: String(error) });
      failed = true;
    }
  };
  const timer = setInterval(checkpoint, workerData.intervalMs);
  parentPort.on('message', () => {
    clearInterval(timer);
    db.close();
    parentPort.close();
  });
})();
`;

export function startCheckpointer(
  path: string,
  intervalMs: number,
  onError: (message: string) => void,
): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, intervalMs, base: import.meta.url },
  });
  // Never what keeps the process alive.
  worker.unref();
  worker.on('message', (message: { error?: string }) => {
    if (message.error !== undefined) onError(message.error);
  });
  worker.on('error', (error) => {
    onError(String(error));
  });
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      resolve();
    });
  });
  return {
    stop: async () => {
      // Held while it closes: a process with nothing else left to do must still wait for it.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
