import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `unzip -t`: every entry's CRC checked by Info-ZIP. Resolves to its output; rejects when it finds a fault. */
export async function unzipTest(file: string): Promise<string> {
  const { stdout } = await run('unzip', ['-t', file], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** The entry names as Info-ZIP lists them (UTF-8 names read as such). */
export async function unzipNames(file: string): Promise<string[]> {
  const { stdout } = await run('unzip', ['-Z1', file], { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, LC_ALL: 'C.UTF-8' } });
  return stdout.split('\n').filter(Boolean);
}

/** `unzip -Z -l`: each entry's name and size as Info-ZIP reads them from the central directory (ZIP64 records included). */
export async function unzipList(file: string): Promise<{ name: string; size: number }[]> {
  const { stdout } = await run('unzip', ['-Z', '-l', file], { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, LC_ALL: 'C.UTF-8' } });
  return stdout
    .split('\n')
    .filter((line) => /^[-d]r/.test(line))
    .map((line) => {
      const [, size, name] = /^\S+\s+\S+\s+\S+\s+(\d+)\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+(.*)$/.exec(line) ?? [];
      return { name: name ?? '', size: Number(size) };
    });
}

/** One entry's bytes through `unzip -p` (which checks its CRC). */
export async function unzipEntry(file: string, name: string): Promise<Buffer> {
  const { stdout } = await run('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

export interface PythonEntry {
  name: string;
  size: number;
  /** 0: stored. */
  compressType: number;
  /** As zipfile reads the DOS time: [year, month, day, hour, minute, second]. */
  dateTime: number[];
  sha256?: string;
}

/**
 * The archive as Python's zipfile reads it: every entry's name, size, method and date. `read`: 'hash'
 * (the default) reads each entry to its end and gives the SHA-256 of its bytes; 'check' reads each to
 * its end without hashing; 'list' reads the central directory only. Reading an entry to its end makes
 * zipfile check its CRC and size: a mismatch rejects.
 */
export async function pythonZipEntries(file: string, o: { read?: 'hash' | 'check' | 'list' } = {}): Promise<PythonEntry[]> {
  const script = `
import hashlib, json, sys, zipfile
mode = sys.argv[2]
out = []
with zipfile.ZipFile(sys.argv[1]) as z:
    for i in z.infolist():
        e = {"name": i.filename, "size": i.file_size, "compressType": i.compress_type, "dateTime": list(i.date_time)}
        if mode != "list":
            h = hashlib.sha256()
            with z.open(i) as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    if mode == "hash":
                        h.update(chunk)
            if mode == "hash":
                e["sha256"] = h.hexdigest()
        out.append(e)
json.dump(out, sys.stdout)
`;
  const { stdout } = await run('python3', ['-c', script, file, o.read ?? 'hash'], { maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(stdout) as PythonEntry[];
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * A zip as a customer gets it (an archive, an export chunk): `unzip -t` must pass, then its files by name. Throws with unzip's
 * output when the archive is not whole.
 */
export function unpackZip(file: string): Map<string, Buffer> {
  execFileSync('unzip', ['-tqq', file], { stdio: 'pipe' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-unzip-'));
  try {
    execFileSync('unzip', ['-qq', file, '-d', dir], { stdio: 'pipe' });
    const files = new Map<string, Buffer>();
    for (const name of fs.readdirSync(dir)) files.set(name, fs.readFileSync(path.join(dir, name)));
    return files;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
