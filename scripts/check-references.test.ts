// The reference check (scripts/check-references.ts): comments and test titles cite a rule a reader
// can open, never an issue number, the seed spec or the platform-APIs reference, and a cited heading
// of the README or docs/ exists in the file named, and a repository file named in prose or in the
// documents exists.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findDanglingInDocument, findReferences, headingsOf, type HeadingsOf } from './check-references.ts';

// Node 24 runs the script's TypeScript; the project brings it (a vitest started by the system Node may be older).
const projectNode = path.join(import.meta.dirname, '../node_modules/.bin/node');
const node = existsSync(projectNode) ? projectNode : process.execPath;

const rulesOf = (text: string, scope: 'all' | 'prose' | 'titles' = 'all') =>
  findReferences('x.ts', text, scope).map((f) => `${f.line}:${f.rule}`);

describe('findReferences', () => {
  it('flags issue numbers in every spelling, with the line they are on', () => {
    expect(rulesOf('// fine\n// Issue 13 item 7: escaped')).toEqual(['2:issue-number']);
    expect(rulesOf("it('refuses it (issue 5)', () => {")).toEqual(['1:issue-number']);
    expect(rulesOf('// issues 5 and 9')).toEqual(['1:issue-number']);
    expect(rulesOf('/* see issue #12 */')).toEqual(['1:issue-number']);
  });

  it('flags the seed spec, however it is written', () => {
    expect(rulesOf('// the seed spec, Errors table')).toEqual(['1:seed-spec']);
    expect(rulesOf('// Seed spec: PKCE is required')).toEqual(['1:seed-spec']);
    expect(rulesOf('// every rule of seed-spec.md')).toEqual(['1:seed-spec']);
  });

  it('flags the platform-APIs reference, by file name or by section number', () => {
    expect(rulesOf('// idempotent (platform-apis 3.3, fence user text)')).toEqual(['1:platform-apis']);
    expect(rulesOf('// see shared/reference/platform-apis.md')).toEqual(['1:platform-apis']);
    expect(rulesOf("describe('coupons (coupons:read; reference 2.10 coupons)', () => {")).toEqual(['1:platform-apis']);
    expect(rulesOf('// fine\n// Reference 4.1: llms.txt')).toEqual(['2:platform-apis']);
  });

  it('flags the lab notebook bench/ANALYSIS.md, which bench/FINDINGS.md replaced', () => {
    expect(rulesOf('// 40% of a request (bench/ANALYSIS.md, section 1)')).toEqual(['1:lab-notebook']);
    expect(rulesOf("describe('loggers (bench/ANALYSIS.md: a twentieth)', () => {", 'titles')).toEqual([
      '1:lab-notebook',
    ]);
    expect(rulesOf('// 40% of a request (bench/FINDINGS.md "Precompiled router")')).toEqual([]);
  });

  it('leaves rule citations, file names, URLs and identifiers alone', () => {
    const clean = [
      '// RFC 9700 4.14.2: a fork of the family ends it (/auth.md "6. Refresh and revoke")',
      "import { issueTokens } from './issue-tokens.ts';",
      '// https://github.com/panva/node-oidc-provider/issues/1234',
      'const SEED_SPEC_QUERY = "{ viewer { id } }";',
      '// seeded with the demo schools',
      '// `/docs` (its reference, rendered by Redoc); the reference 5 times; course platform APIs',
    ].join('\n');
    expect(rulesOf(clean)).toEqual([]);
  });

  it("in the 'titles' scope checks only the titles of describe, it and test", () => {
    const text = [
      '// issue 5: a comment',
      "describe('lists (issue 5)', () => {",
      "  it.each([1, 2])('case %s (seed spec)', () => {});",
      '  test.skip(`later, issue 9`, () => {});',
      "  it('cites RFC 6749 5.2', () => {});",
    ].join('\n');
    expect(rulesOf(text, 'titles')).toEqual(['2:issue-number', '3:seed-spec', '4:issue-number']);
  });

  it("in the 'prose' scope checks comments and titles, not the strings of test code", () => {
    const text = [
      ' * issue 13 item 7, in a block comment',
      'const x = f(); // the seed spec, after code',
      "expect(res.status, 'a 400, never a 500 (issue 13 item 10)').toBe(400);",
      "it('refuses it (issue 5)', () => {});",
      "const url = 'https://example.test/issue 5';",
    ].join('\n');
    expect(rulesOf(text, 'prose')).toEqual(['1:issue-number', '2:seed-spec', '4:issue-number']);
  });
});

describe('citations of a heading', () => {
  const docs: Record<string, string> = {
    'README.md': '# Course School\n\n## Set up\n\n```sh\n# not a heading\n```\n',
    'docs/operations.md': '# Operations\n\n## Private files\n\n## "Last used" of connected applications\n',
    'bench/FINDINGS.md': '# Performance findings\n\n## Speed paths\n\n### Named statements\n',
  };
  const headings: HeadingsOf = (file) => (file in docs ? headingsOf(docs[file]!) : undefined);
  const sections = (text: string, scope: 'all' | 'prose' = 'all') =>
    findReferences('x.ts', text, scope, headings).map((f) => `${f.line}:${f.rule}: ${f.why}`);

  it('reads the headings of a Markdown file, not the comments of its code blocks', () => {
    expect(headingsOf(docs['README.md']!)).toEqual(['Course School', 'Set up']);
  });

  it('accepts a citation of a heading the file has, in each spelling', () => {
    const clean = [
      '// one school per origin (README "Set up")',
      '// the README\'s "Set up" says so',
      '// modes narrowed at start (docs/operations.md "Private files")',
      'it(\'batches the writes (docs/operations.md "Last used")\', () => {});',
      '// bench/README.md "Targets" and contract-tests/README.md "Generate a client" are other files',
      '// prepared once per connection (bench/FINDINGS.md "Named statements")',
      'it("keeps it (docs/operations.md \\"Private files\\")", () => {});',
    ].join('\n');
    expect(sections(clean)).toEqual([]);
  });

  it('flags a heading the file does not have, naming the file', () => {
    expect(sections('// fine\n// README "Private files": moved to docs/')).toEqual([
      '2:section: cites "Private files", which is no heading of README.md: cite the heading the text now sits under',
    ]);
    expect(sections('it(\'x (docs/operations.md "Durabilty")\', () => {});', 'prose')).toEqual([
      '1:section: cites "Durabilty", which is no heading of docs/operations.md: cite the heading the text now sits under',
    ]);
  });

  it('reads a citation inside a double-quoted title, its quotes escaped', () => {
    expect(sections('it("x (README \\"Private files\\")", () => {});')).toEqual([
      '1:section: cites "Private files", which is no heading of README.md: cite the heading the text now sits under',
    ]);
  });

  it('leaves the citations of a frozen migration as they were when it landed (shared/DESIGN.md habit 5)', () => {
    const text = '// (README "Several instances", bench/ANALYSIS.md, refresh)\n// an issue 12 here is still flagged';
    expect(
      findReferences('src/db/migrations/2026-11-22T0002-oauth.ts', text, 'all', headings).map(
        (f) => `${f.line}:${f.rule}`,
      ),
    ).toEqual(['2:issue-number']);
    expect(findReferences('src/db/x.ts', text, 'all', headings).map((f) => `${f.line}:${f.rule}`)).toEqual([
      '1:lab-notebook',
      '1:section',
      '2:issue-number',
    ]);
  });

  it('flags a heading bench/FINDINGS.md does not have', () => {
    expect(sections('// (bench/FINDINGS.md "Row shapes")')).toEqual([
      '1:section: cites "Row shapes", which is no heading of bench/FINDINGS.md: cite the heading the text now sits under',
    ]);
  });

  it('flags a cited file the repository does not have', () => {
    expect(sections('// docs/ops.md "Metrics"')).toEqual([
      '1:section: cites docs/ops.md, which the repository does not have: cite the file the text now lives in',
    ]);
  });

  it('flags a repository path that does not exist, in a comment and in a document outside its code blocks', () => {
    const files = new Set(['src/lib/net/safe-fetch.ts', 'docs/operations.md']);
    const exists = (file: string) => files.has(file);
    const text = [
      '// the fetcher (src/lib/net/safe-fetch.ts) and docs/operations.md',
      '// moved away: src/oauth/client-metadata/safe-fetch.ts',
      '// a run writes contract-tests/reports/RESULTS.md',
    ].join('\n');
    expect(findReferences('x.ts', text, 'all', headings, exists).map((f) => `${f.line}:${f.rule}`)).toEqual(['2:path']);
    const markdown = 'See `src/lib/net/gone.ts`.\n\n```sh\ncat src/not/here.ts\n```\n';
    expect(findDanglingInDocument('docs/x.md', markdown, headings, exists).map((f) => `${f.line}:${f.rule}`)).toEqual([
      '1:path',
    ]);
  });

  it('checks citations only where its scope looks (not in the strings of test code)', () => {
    expect(sections('expect(text, \'README "Gone"\').toBe(1);', 'prose')).toEqual([]);
  });
});

describe('npm run lint:references', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'check-references-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const run = () => {
    try {
      execFileSync(node, [path.join(import.meta.dirname, 'check-references.ts'), '--root', root], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
      return { code: 0, stderr: '' };
    } catch (error) {
      const e = error as { status: number; stderr: string };
      return { code: e.status, stderr: e.stderr };
    }
  };

  it('exits 0 on a clean tree, and 1 naming the file, the line and the rule when a comment cites an issue', () => {
    mkdirSync(path.join(root, 'src'), { recursive: true });
    writeFileSync(path.join(root, 'src/a.ts'), '// RFC 7636 4.4.1: PKCE is required\nexport const a = 1;\n');
    expect(run()).toEqual({ code: 0, stderr: '' });

    writeFileSync(path.join(root, 'src/b.ts'), 'export const b = 2;\n// Issue 13 item 7: school text is escaped\n');
    const { code, stderr } = run();
    expect(code).toBe(1);
    expect(stderr).toContain('src/b.ts:2: issue-number: cites an issue number');
    expect(stderr).not.toContain('src/a.ts');
  });

  it('exits 1 when a test title cites the platform-APIs reference', () => {
    rmSync(path.join(root, 'src/b.ts'));
    mkdirSync(path.join(root, 'contract-tests'), { recursive: true });
    writeFileSync(path.join(root, 'contract-tests/c.test.ts'), "it('pricing (reference 4.3)', () => {});\n");
    const { code, stderr } = run();
    expect(code).toBe(1);
    expect(stderr).toContain('contract-tests/c.test.ts:1: platform-apis: cites the platform-APIs reference');
  });

  it('exits 1 when a comment cites a README heading that moved, and 0 once it cites where the text is', () => {
    rmSync(path.join(root, 'contract-tests/c.test.ts'));
    mkdirSync(path.join(root, 'docs'), { recursive: true });
    writeFileSync(path.join(root, 'README.md'), '# Course School\n\n## Set up\n');
    writeFileSync(path.join(root, 'docs/security.md'), '# Security\n\n## Private files\n');
    writeFileSync(path.join(root, 'src/d.ts'), '// folders 0700 (README "Private files")\nexport const d = 1;\n');
    const { code, stderr } = run();
    expect(code).toBe(1);
    expect(stderr).toContain('src/d.ts:1: section: cites "Private files", which is no heading of README.md');

    writeFileSync(
      path.join(root, 'src/d.ts'),
      '// folders 0700 (docs/security.md "Private files")\nexport const d = 1;\n',
    );
    expect(run()).toEqual({ code: 0, stderr: '' });
  });
});
