// Runs one of the server's seeding commands with --json, as the benches' databases are built or
// reused: its progress lines go to `log`, its last stdout line is its manifest. Registered for
// cleanup, so an interrupted run does not leave a seeder writing on.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { deferCleanup } from './cleanup.mjs';
import { REPO_ROOT } from './paths.mjs';

/** Answers the manifest of `node <args> --json`; `name` says which command in its errors. */
export async function runSeedCli({ name, args, timeoutMs, log = () => {} }) {
  const argv = [...args, '--json'];
  const child = spawn(process.execPath, argv, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const kill = deferCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  let pending = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) if (line.trim()) log(line);
  });
  const code = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not finish within ${timeoutMs / 1000} s:\n${stderr}`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('exit', (c, signal) => {
      clearTimeout(timer);
      resolve(c ?? signal);
    });
  });
  await kill();
  if (code !== 0) throw new Error(`${name} (node ${argv.map((a) => path.relative(REPO_ROOT, a) || a).join(' ')}) failed (${code}):\n${stderr}`);
  try {
    return JSON.parse(stdout.trim().split('\n').at(-1));
  } catch {
    throw new Error(`${name} printed no manifest:\n${stdout}\n${stderr}`);
  }
}
