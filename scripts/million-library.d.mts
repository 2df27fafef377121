export const MILLION: number;
/** The library's manifest, as `npm run seed -- --json` prints it (the fields the tests read). */
export interface MillionLibraryManifest {
  dataDir: string;
  database: { kind: string; file: string };
  account: { email: string; password: string };
}
/** The million-photo library: made, or made by another process and reused (million-library.mjs). */
export function millionLibrary(): Promise<MillionLibraryManifest>;
