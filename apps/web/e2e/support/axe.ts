import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe on the whole page and throws when any violation has impact serious or critical,
 * naming each rule and the elements it found. Minor and moderate findings are only printed.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // Only the violations are read: axe then keeps one element of each passing or incomplete rule, not all.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const describe = (v: (typeof results.violations)[number]) =>
    `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `      ${n.target.join(' > ')}`).join('\n')}`;
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const minor = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  if (minor.length) console.warn(`axe (${label}, ${page.url()}) minor/moderate findings:\n${minor.map(describe).join('\n')}`);
  if (blocking.length) {
    throw new Error(`axe found ${blocking.length} serious/critical violation(s) on ${label} (${page.url()}):\n${blocking.map(describe).join('\n')}`);
  }
}
