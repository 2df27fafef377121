/**
 * A Node process of its own running one of the test's child files (this folder), as the kill -9 tests need:
 * a second machine the test can stop mid-work, with the server from its build. Its stdout is read line by line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { TEST_CHILD_EXEC_ARGV } from './exec-argv.js';

export interface TestChild {
  child: ChildProcess;
  /** The first line starting with the awaited prefix; rejects with the child's stderr if it ends before. */
  ready: Promise<string>;
  /** Every line the child wrote so far. */
  lines: string[];
}

/** Starts `file` with `env` added to this process's; `ready` waits for a line starting with `readyPrefix`. */
export function startTestChild(file: URL, env: Record<string, string>, readyPrefix: string, what: string): TestChild {
  const child = spawn(process.execPath, [...TEST_CHILD_EXEC_ARGV, fileURLToPath(file)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  const lines: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      if (line.startsWith(readyPrefix)) resolve(line);
    });
    child.on('exit', (code, signal) => reject(new Error(`The ${what} ended (${code ?? signal}) before it wrote '${readyPrefix}': ${stderr}`)));
  });
  return { child, ready, lines };
}
