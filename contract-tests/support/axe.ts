// The axe-core accessibility check of a page in Chromium (WCAG 2.1 A and AA rules): the engine is
// evaluated in the page through the DevTools protocol, so the pages' Content-Security-Policy,
// which admits no inline script, stays as it is.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One line per violation: the rule, its impact and the first elements it names; empty when clean. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } })
      .axe;
    type AxeResults = { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> };
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  const where = new URL(page.url()).pathname;
  return violations.map((v) => `${where}: ${v.id} (${v.impact}) at ${v.targets.slice(0, 3).join(', ')}`);
}
