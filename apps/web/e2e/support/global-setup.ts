/// <reference types="node" />
/**
 * The end-to-end project's global setup: it starts making the run's demo world (scripts/demo-world.mjs) at the
 * beginning of the run, while the other projects' tests run, and the first server of the end-to-end tests
 * waits for it. Run alone, the end-to-end tests wait for it here instead, outside any test's time limit.
 */
import type { TestProject } from 'vitest/node';
import { demoWorld } from '../../../../scripts/demo-world.mjs';

export default async function setup(project: TestProject): Promise<void> {
  const making = demoWorld();
  if (project.vitest.projects.every((p) => p.name === project.name)) {
    await making;
    return;
  }
  // Whoever waits for it next (the first server's start) hears of a failure; here it is only kept from going unhandled.
  making.catch(() => {});
}
