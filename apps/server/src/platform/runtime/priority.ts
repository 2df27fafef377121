import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';

/**
 * Lowers this process's scheduling priority to `nice`. Linux keeps a priority per thread, and a new thread
 * takes its creator's: every thread there is now (V8's helpers) is lowered one by one, and the ones made
 * later (libuv's, libvips') inherit it.
 */
export function lowerOwnPriority(nice: number): void {
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    threads = [0]; // no /proc: the process as a whole, where the OS keeps one priority per process
  }
  for (const thread of threads) {
    try {
      os.setPriority(thread, nice);
    } catch {
      // the thread ended in between
    }
  }
}

/**
 * Puts every thread of this process in Linux's idle class (SCHED_IDLE, through util-linux's chrt; new threads
 * inherit it): it runs only on a core nothing else wants and never preempts a normal thread when it wakes,
 * which a niced thread that sleeps and wakes often still does. Answers false where that is not possible
 * (not Linux, no chrt); `lowerOwnPriority` is then the fallback.
 */
export function runOnlyWhenIdle(): boolean {
  try {
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
