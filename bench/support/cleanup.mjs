// A registry of things to undo (child processes, browsers, temp dirs). Every helper that creates
// such a thing registers its disposal here, so run.mjs can still release it when a bench crashes,
// times out or the run is interrupted.
const pending = new Set();

/** Registers `fn`; returns a function that runs it once and unregisters it. */
export function deferCleanup(fn) {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    pending.delete(once);
    await fn();
  };
  pending.add(once);
  return once;
}

/** Runs every registered cleanup, newest first; never throws. */
export async function runCleanups() {
  for (const fn of [...pending].reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error(`bench: cleanup failed: ${error?.message ?? error}`);
    }
  }
}
