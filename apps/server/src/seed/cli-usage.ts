/** Wrong or missing arguments: the command says why and shows its usage. */
export class UsageError extends Error {}

/** A required --name N, a positive whole number; `1_000_000` and `1,000,000` read as 1000000. */
export function count(name: string, raw: string | undefined): number {
  if (raw === undefined) throw new UsageError(`--${name} is required`);
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`--${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** Runs a command's main: bad arguments print the message and the usage and exit 2, any other failure exits 1. */
export function runCommand(main: () => Promise<void>, usage: string): void {
  main().catch((error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${usage}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  });
}
