// `npm run lint:references` (CI): comments and test titles cite the rule they enforce (an RFC
// section, a clause of /auth.md, an operation or schema of the OpenAPI document, a README line),
// never an issue number, the seed spec or the platform-APIs reference (`platform-apis.md`,
// "reference 2.10"): a reader of the repository can open none of them. Prints
// each finding as `path:line: rule: why` and exits 1 when there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export type Rule = { name: string; pattern: RegExp; why: string };
export type Finding = { file: string; line: number; rule: string; why: string; text: string };
/**
 * `all`: every line of every file; `prose`: comments and test titles only (test code may keep a
 * finding's message or a fixture as it is); `titles`: only the titles of describe/it/test calls.
 */
export type Scope = 'all' | 'prose' | 'titles';

const CITE =
  'cite the rule instead (an RFC section, a clause of /auth.md, an OpenAPI operation or schema, a README line) or state it in plain words';

export const RULES: readonly Rule[] = [
  // "issue 5", "Issue 13 item 7", "issues 5 and 9", "issue #12"; not "issue-tokens.ts" or ".../issues/12" (a URL
  // opens).
  {
    name: 'issue-number',
    pattern: /\bissues?\s*#?\d+/i,
    why: `cites an issue number, which a reader of the repository cannot open: ${CITE}`,
  },
  // "the seed spec", "seed-spec.md"; not the identifier SEED_SPEC_QUERY (code, not a citation).
  {
    name: 'seed-spec',
    pattern: /\bseed[- ]spec\b/i,
    why: `cites the seed spec, a document outside the repository: ${CITE}`,
  },
  // "platform-apis 3.3", "platform-apis.md", "reference 2.10", "Reference 4.1"; not "the API reference" or "reference 5
  // times".
  {
    name: 'platform-apis',
    pattern: /\bplatform-apis\b|\breference\s+\d+(?:\.\d+)+/i,
    why: `cites the platform-APIs reference, a document outside the repository: ${CITE}`,
  },
];

/** The folders checked, and how much of each. */
export const TARGETS: ReadonlyArray<{ dir: string; scope: Scope }> = [
  { dir: 'src', scope: 'all' },
  { dir: 'contract-tests', scope: 'prose' },
  { dir: 'scripts', scope: 'prose' },
];

/** Text files only; contract-tests/INVENTORY.md maps the seed spec's rows on purpose, and reports are output. */
const CHECKED = /\.(ts|cts|mts|js|cjs|mjs|css|eta|html|json|sql|ya?ml)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'reports', 'artifacts']);
/** This check and its test quote what they look for. */
const SELF = new Set(['scripts/check-references.ts', 'scripts/check-references.test.ts']);

// The first string argument of describe(...), it.each(...)(...), test.skip(...) and the like.
const TITLE = /\b(?:describe|it|test)(?:\.\w+)*(?:\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g;

/** The parts of one line that the scope checks. */
function checkedText(line: string, scope: Scope): string[] {
  if (scope === 'all') return [line];
  const titles = [...line.matchAll(TITLE)].map((m) => m[2]!);
  if (scope === 'titles') return titles;
  const text = line.trimStart();
  // A comment line, or the comment after code on this line (` // `; URLs have no space before `//`).
  if (/^(\/\/|\/\*|\*)/.test(text)) return [...titles, text];
  const trailing = line.indexOf(' // ');
  return trailing >= 0 ? [...titles, line.slice(trailing)] : titles;
}

/** Every rule a text breaks, line by line. */
export function findReferences(file: string, content: string, scope: Scope = 'all'): Finding[] {
  const findings: Finding[] = [];
  content.split('\n').forEach((text, index) => {
    for (const part of checkedText(text, scope)) {
      for (const rule of RULES) {
        if (rule.pattern.test(part))
          findings.push({ file, line: index + 1, rule: rule.name, why: rule.why, text: text.trim() });
      }
    }
  });
  return findings;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...filesUnder(full));
    } else if (entry.isFile() && CHECKED.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** Every finding under `root` for the given targets (folders that do not exist are skipped). */
export function checkTree(root: string, targets = TARGETS): Finding[] {
  const findings: Finding[] = [];
  for (const { dir, scope } of targets) {
    const base = path.join(root, dir);
    const kind = statSync(base, { throwIfNoEntry: false });
    const files = kind?.isDirectory() ? filesUnder(base) : kind?.isFile() ? [base] : [];
    for (const file of files) {
      if (SELF.has(path.relative(root, file).split(path.sep).join('/'))) continue;
      findings.push(...findReferences(path.relative(root, file), readFileSync(file, 'utf8'), scope));
    }
  }
  return findings;
}

if (import.meta.main) {
  const rootFlag = process.argv.indexOf('--root');
  const root = rootFlag > 0 ? path.resolve(process.argv[rootFlag + 1] ?? '.') : process.cwd();
  const findings = checkTree(root, [
    ...TARGETS,
    { dir: 'vitest.config.ts', scope: 'all' },
    { dir: '.ci/run', scope: 'all' },
  ]);
  for (const f of findings) console.error(`${f.file}:${f.line}: ${f.rule}: ${f.why}\n    ${f.text}`);
  if (findings.length > 0) {
    console.error(
      `${findings.length} comment(s) or test title(s) cite an issue, the seed spec or the platform-APIs reference.`,
    );
    process.exitCode = 1;
  }
}
