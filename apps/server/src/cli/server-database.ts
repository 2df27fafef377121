import fs from 'node:fs';
import { loadConfig, type Config } from '../config.js';
import { createDatabase, type Db } from '../platform/db/database.js';
import { Refused } from './command.js';

/**
 * The database the server uses, found with the same settings (DATA_DIR, DATABASE_URL), for a command that reads
 * it beside the running server; a SQLite file that is not there yet is said in a sentence, and not made.
 */
export async function openServerDatabase(): Promise<{ config: Config; db: Db }> {
  const config = loadConfig();
  if (config.database.kind === 'sqlite' && !fs.existsSync(config.database.file)) {
    throw new Refused(`No database at ${config.database.file}: start the server once (npm start), or run this from the folder it runs in with its DATA_DIR / DATABASE_URL.`);
  }
  return { config, db: await createDatabase(config.database) };
}
