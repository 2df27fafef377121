/**
 * A vitest reporter that ends the run with its slowest test files: each file's whole time, the part outside
 * its tests (loading its modules, its hooks: the world it builds) and the part in them, so a new slow file is
 * seen the day it lands. `npm test` adds it to every run (docs/testing.md); when it runs several vitest
 * processes, each writes its files to SHOEBOX_SLOWEST_FILES (JSON) and npm test prints them together.
 */
import fs from 'node:fs';

const SHOWN = 10;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/** Prints the slowest of `files` ({ name, total, tests } in ms), slowest first. */
export function printSlowestFiles(files) {
  const shown = [...files].sort((a, b) => b.total - a.total).slice(0, SHOWN);
  if (!shown.length) return;
  console.log(`\nThe ${shown.length} slowest test files: whole file, outside its tests (modules, hooks), in its tests`);
  for (const f of shown) console.log(`${seconds(f.total)}${seconds(f.total - f.tests)}${seconds(f.tests)}  ${f.name}`);
}

export default class SlowestFilesReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const files = testModules
      .map((module) => {
        const d = module.diagnostic();
        const total = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
        let tests = 0;
        for (const test of module.children.allTests()) tests += test.diagnostic()?.duration ?? 0;
        return { name: `${module.project.name} ${module.moduleId.replace(`${this.root}/`, '')}`, total, tests: Math.min(tests, total) };
      });
    if (process.env.SHOEBOX_SLOWEST_FILES) fs.writeFileSync(process.env.SHOEBOX_SLOWEST_FILES, JSON.stringify(files));
    else printSlowestFiles(files);
  }
}
