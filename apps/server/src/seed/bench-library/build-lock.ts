import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** How often a process waiting for another one's build looks again. */
const POLL_MS = 500;
/** A lock whose maker never wrote its process id (it died at once) is taken over after this long. */
const UNCLAIMED_LOCK_MS = 10_000;

/** The process id in a lock, or undefined while its maker has not written it (or the lock is gone). */
function holderOf(lock: string): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8')) || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ageMs(lock: string): number {
  try {
    return Date.now() - fs.statSync(lock).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Holds `${dataDir}.building` while a library is looked up and built: a bench and a test (or the test run's
 * early start and a test) asking for the same library at once build it once, the second waiting for the first
 * and then reusing it, instead of both writing the same `.partial` folder. A holder that died (killed with its
 * run) leaves its lock behind: the next one takes it over. Resolves with the lock's release.
 */
export async function holdBuildLock(dataDir: string, log: (message: string) => void): Promise<() => void> {
  const lock = `${dataDir}.building`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  let told = false;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      return () => fs.rmSync(lock, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = holderOf(lock);
    if (holder === undefined ? ageMs(lock) > UNCLAIMED_LOCK_MS : !isAlive(holder)) {
      fs.rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!told) log(`waiting for process ${holder ?? '(starting)'}, which is building this library`);
    told = true;
    await sleep(POLL_MS);
  }
}
