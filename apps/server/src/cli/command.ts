import { ConfigError } from '../config.js';

/** A command line the command does not understand: said with the usage, exit 2. */
export class UsageError extends Error {}
/** A refusal or failure already said in words an operator can act on: exit 1. */
export class Refused extends Error {}

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
