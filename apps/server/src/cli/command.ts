import { ConfigError } from '../config.js';

/** A command line the command does not understand: said with the usage, exit 2. */
export class UsageError extends Error {}
/** A refusal or failure already said in words an operator can act on: exit 1. */
export class Refused extends Error {}

/** A whole-number option (`--name N`): `fallback` when left out; a usage mistake when not a whole number within bounds. */
export function wholeOption(raw: string | undefined, o: { name: string; fallback: number; min?: number; max?: number }): number {
  if (raw === undefined) return o.fallback;
  const value = Number(raw);
  const bounded = o.min !== undefined && o.max !== undefined;
  if (!/^\d{1,6}$/.test(raw) || (bounded && (value < o.min! || value > o.max!)))
    throw new UsageError(`--${o.name} takes a whole number${bounded ? ` from ${o.min} to ${o.max}` : ''}, not "${raw}"`);
  return value;
}

/** Runs an operator command: a usage mistake prints the usage (exit 2), a refusal its sentence (exit 1), anything else in full (exit 1). */
export function runCommand(main: () => Promise<void>, usage: string): void {
  main().catch((error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${usage}`);
      process.exit(2);
    }
    if (error instanceof Refused || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  });
}
