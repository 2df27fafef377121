/** Whether a process with this id runs (one of another user's counts: the signal was refused, not unanswered). */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}
