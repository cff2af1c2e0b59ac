// Work the first screen does not need (the toaster's code, the service worker, the check that the
// session was not revoked elsewhere) waits until that screen is up: on a phone's slow connection
// and CPU it would otherwise share both with what the user is waiting for (docs/performance.md).

type Task = () => void;

/**
 * Resolves in a task of its own: `await nextTask()` ends the current task, so that the browser
 * may paint and answer a tap before the work after it. A phone's main thread blocks when one
 * task takes more than 50 ms.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The tasks waiting; null when nothing is being waited for (before watchFirstScreen, and after). */
let pending: Task[] | null = null;

/**
 * Runs `task` once the first screen is up (see watchFirstScreen), or at once when nothing watches
 * for it (it is up already; tests, which render screens without main.tsx).
 * Returns a function that cancels it if it has not run yet.
 */
export function afterFirstScreen(task: Task): () => void {
  if (!pending) {
    task();
    return () => undefined;
  }
  pending.push(task);
  return () => {
    pending = pending?.filter((t) => t !== task) ?? null;
  };
}

function runAll(): void {
  const tasks = pending ?? [];
  pending = null;
  for (const task of tasks) task();
}

function whenIdle(run: Task): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 50);
}

/** Longest wait: a screen that never settles (a request that hangs) still gets its toaster. */
const MAX_WAIT_MS = 5000;

/** How often the first screen is looked at until it is up. */
const POLL_MS = 100;

/**
 * The first screen is up when `isSettled()` holds (main.tsx: the route's code is in and what it
 * read has answered) at a moment the browser is idle. It is looked at every POLL_MS rather than
 * told: react-router hands its first state to its first subscriber only, which must be
 * RouterProvider. The first tap or key press counts too: what it does may need a toast.
 */
export function watchFirstScreen(isSettled: () => boolean): void {
  pending = [];
  const finish = () => {
    if (!pending) return;
    window.removeEventListener('pointerdown', finish, true);
    window.removeEventListener('keydown', finish, true);
    runAll();
  };
  const look = () => {
    if (!pending) return;
    whenIdle(() => {
      if (isSettled()) finish();
      else setTimeout(look, POLL_MS);
    });
  };
  window.addEventListener('pointerdown', finish, true);
  window.addEventListener('keydown', finish, true);
  setTimeout(finish, MAX_WAIT_MS);
  look();
}
