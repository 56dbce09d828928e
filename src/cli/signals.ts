// The CLI's SIGINT/SIGTERM handling: a command killed while it holds the workspace lock
// releases it on the way out (the next writer would otherwise wait out a stale lock and
// break it) and exits 128 + the signal's number, as a shell reports a signal death.

import { releaseHeldLocks } from "../workspace/lock.js";

const SIGNALS = { SIGINT: 2, SIGTERM: 15 } as const;
let armed = false;

/**
 * Install the handlers, once, the first time a lock is taken. A JS handler runs only when the
 * event loop turns, so a signal that arrives inside a commit (mutate() is synchronous) waits
 * for the commit to finish and the lock to be released: the journal is never cut short by the
 * handler. Armed only once a lock is held, not before: a command waiting for a busy lock (a
 * synchronous wait) still dies at once on Ctrl-C, as it always did. A signal some other
 * listener already owns (the mcp server's graceful shutdown) is left to it.
 */
export function armSignalRelease(): void {
  if (armed) return;
  armed = true;
  for (const [name, number] of Object.entries(SIGNALS) as [keyof typeof SIGNALS, number][]) {
    if (process.listenerCount(name) > 0) continue;
    process.on(name, () => {
      releaseHeldLocks();
      process.exit(128 + number);
    });
  }
}

/**
 * Before the process ends: when the handlers are armed, one more turn of the event loop. A
 * signal that came during synchronous work is only queued, and a process whose last work was
 * synchronous would exit without reading the queue, so exit 0 as if it had never been asked
 * to stop. The turn lets the handler run (exit 128 + signo); it costs nothing when none came.
 */
export function lastTurn(): void {
  if (armed) setImmediate(() => {});
}
