// axe-core, the accessibility engine, run in the page Chromium shows: the WCAG 2.1 A and AA rules
// its authors mark as such. The engine is evaluated through the DevTools protocol, which the
// pages' Content-Security-Policy (scripts from 'self' only) does not govern, so the page under
// test is the page a person gets.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeResult = { violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }> };

/** The page's violations, one line each: rule, what it asks, and the elements that break it; empty when clean. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(c: Document, o: unknown): Promise<AxeResult> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    RULE_TAGS,
  );
  const where = new URL(page.url()).pathname;
  return result.violations.map(
    (v) => `${where}: ${v.id} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
}
