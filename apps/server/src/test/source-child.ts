/**
 * A Node process of its own running one of the server's TypeScript files from the sources, as the kill -9
 * tests need: a second machine the test can stop mid-work. Its stdout is read line by line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SOURCE_EXEC_ARGV } from '../platform/runtime/from-source.js';

export interface SourceChild {
  child: ChildProcess;
  /** The first line starting with the awaited prefix; rejects with the child's stderr if it ends before. */
  ready: Promise<string>;
  /** Every line the child wrote so far. */
  lines: string[];
}

/** Starts `file` with `env` added to this process's; `ready` waits for a line starting with `readyPrefix`. */
export function startSourceChild(file: URL, env: Record<string, string>, readyPrefix: string, what: string): SourceChild {
  const child = spawn(process.execPath, [...SOURCE_EXEC_ARGV, fileURLToPath(file)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
