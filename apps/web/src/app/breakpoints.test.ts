/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BREAKPOINTS } from '@shoebox/contracts';
import { describe, expect, test } from 'vitest';

/**
 * The spec's breakpoints (small under 575, medium under 1024, large under 1280) are named once, in the
 * contracts; CSS cannot import them, so every width a stylesheet's media query names must be one of them:
 * `max-width` just under a breakpoint (574.98px: a fractional zoom never falls between two rules), or
 * `min-width` at it.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function stylesheets(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('breakpoints', () => {
  test("every media query's width is one of the named breakpoints", () => {
    const allowed = new Set(Object.values(BREAKPOINTS).flatMap((px) => [`max-width: ${px - 0.02}px`, `min-width: ${px}px`]));
    const named: string[] = [];
    const stray: string[] = [];
    for (const file of stylesheets(SRC)) {
      for (const [, query] of fs.readFileSync(file, 'utf8').matchAll(/@media[^{]*?\(((?:max|min)-width:\s*[\d.]+px)\)/g)) {
        (allowed.has(query!.replace(/\s+/, ' ')) ? named : stray).push(`${path.relative(SRC, file)}: ${query}`);
      }
    }
    expect(stray).toEqual([]);
    // The medium and large breakpoints drive layout too, not only the small one.
    expect(named.some((q) => q.endsWith(`max-width: ${BREAKPOINTS.medium - 0.02}px`))).toBe(true);
    expect(named.some((q) => q.endsWith(`min-width: ${BREAKPOINTS.large}px`))).toBe(true);
  });
});
