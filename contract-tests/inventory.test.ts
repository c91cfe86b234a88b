// contract-tests/INVENTORY.md maps every rule of the service's source specification and every MUST of the RFCs the
// service claims to the test that checks it. This test keeps the map honest: each
// reference must name an existing test file containing the quoted test title (or a distinctive
// part of it), and no row of the source specification may be left uncovered.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const inventory = readFileSync(path.join(root, 'contract-tests/INVENTORY.md'), 'utf8');

type Row = { section: string; rule: string; tests: string };

function rowsOf(markdown: string): Row[] {
  const rows: Row[] = [];
  let section = '';
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3).trim();
    const cells = line.split(' | ');
    if (!line.startsWith('| ') || line.startsWith('| Rule') || line.startsWith('|---') || cells.length < 2) continue;
    rows.push({
      section,
      rule: cells[0]!.slice(2).trim(),
      tests: cells
        .at(-1)!
        .replace(/\|\s*$/, '')
        .trim(),
    });
  }
  return rows;
}

/** `path/to.test.ts` › "title" references in a cell. */
function referencesOf(cell: string): Array<{ file: string; title: string }> {
  return [...cell.matchAll(/`([^`]+\.test\.ts)` › "([^"]+)"/g)].map((m) => ({ file: m[1]!, title: m[2]! }));
}

const rows = rowsOf(inventory);

describe('contract-tests/INVENTORY.md maps each rule to the test that checks it', () => {
  it('has rows for the source specification and the RFCs', () => {
    expect(rows.filter((r) => r.section.startsWith('Seed spec')).length).toBeGreaterThan(40);
    expect(
      rows.filter((r) => r.section.startsWith('RFC') || r.section.startsWith('OpenID') || r.section.startsWith('MCP'))
        .length,
    ).toBeGreaterThan(20);
  });

  it.each(rows.filter((r) => !/not covered yet/i.test(r.tests)).map((r) => [`${r.section}: ${r.rule}`, r] as const))(
    '%s names existing tests',
    (_name, row) => {
      const references = referencesOf(row.tests);
      expect(references.length, `no test reference in: ${row.tests}`).toBeGreaterThan(0);
      for (const { file, title } of references) {
        const full = path.join(root, file);
        expect(existsSync(full), `${file} does not exist`).toBe(true);
        expect(readFileSync(full, 'utf8').includes(title), `${file} has no test "${title}"`).toBe(true);
      }
    },
  );

  it('leaves no rule of the source specification uncovered', () => {
    const uncovered = rows
      .filter((r) => r.section.startsWith('Seed spec') && /not covered yet/i.test(r.tests))
      .map((r) => r.rule);
    expect(uncovered).toEqual([]);
  });
});
