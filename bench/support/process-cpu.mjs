// A process's own CPU time (user + system, every thread of it), from /proc on Linux: what a server spends per
// request, whatever else the machine's cores are doing, where throughput on a shared two-core machine moves with
// the load generator beside it. Undefined where /proc is not there.
import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times: 100 on Linux's usual builds. */
const TICKS_PER_SECOND = 100;

/** Milliseconds of CPU `pid` has used so far, or undefined. */
export function cpuMs(pid) {
  try {
    // Fields after the command name (which may hold spaces), from its closing parenthesis: utime is the 12th, stime the 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
