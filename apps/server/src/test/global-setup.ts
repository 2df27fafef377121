/**
 * The server project's global setup: the run's template databases, made once before any test file and
 * given to every worker (databases.ts copies them), dropped at the end of the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeDatabaseTemplates } from './database-templates.js';
import { postgresAdminUrl } from './postgres-admin.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-templates-'));
  const made = await makeDatabaseTemplates({ dir, postgresAdminUrl, prefix: `shoebox_template_${process.pid}` });
  project.provide('databaseTemplates', made.templates);
  return () => made.drop();
}
