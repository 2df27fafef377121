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
