/**
 * Runs `start` in a task of its own and returns what cancels it, or undoes what it started once it has run (an
 * effect's cleanup). Issue 19: the first render mounts many components whose effects start a request each; started in
 * the one task that runs every effect, their set-up alone (fetch, timers, listeners) blocks the main thread for long.
 */
export function inOwnTask(start: () => (() => void) | void): () => void {
  let undo: (() => void) | void;
  const timer = setTimeout(() => { undo = start(); }, 0);
  return () => {
    clearTimeout(timer);
    undo?.();
  };
}
