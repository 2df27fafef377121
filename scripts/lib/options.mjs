import { Failure } from './local-services.mjs';

/** A whole-number option of the command line, `--name 3` or `--name=3`, from 1 to `max`; `fallback` when absent. */
export function wholeNumberOption(name, fallback, { max = Number.MAX_SAFE_INTEGER, argv = process.argv.slice(2) } = {}) {
  const at = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (at === -1) return fallback;
  const value = Number(argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1]);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Failure(`--${name} takes a whole number from 1${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`);
  return value;
}
