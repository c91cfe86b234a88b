// `npm run lint:references` (CI): comments and test titles cite the rule they enforce (an RFC
// section, a clause of /auth.md, an operation or schema of the OpenAPI document, a heading of the
// README or of docs/), never an issue number, the seed spec or the platform-APIs reference
// (`platform-apis.md`, "reference 2.10"): a reader of the repository can open none of them. A
// citation of a heading (`docs/operations.md "Private files"`, `README "Set up"`) must name a
// heading that file has, so moved or renamed text cannot leave citations behind. Prints each
// finding as `path:line: rule: why` and exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export type Rule = { name: string; pattern: RegExp; why: string };
export type Finding = { file: string; line: number; rule: string; why: string; text: string };
/**
 * `all`: every line of every file; `prose`: comments and test titles only (test code may keep a
 * finding's message or a fixture as it is); `titles`: only the titles of describe/it/test calls.
 */
export type Scope = 'all' | 'prose' | 'titles';

const CITE =
  'cite the rule instead (an RFC section, a clause of /auth.md, an OpenAPI operation or schema, a heading of the README or docs/) or state it in plain words';

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
  // "bench/ANALYSIS.md", the lab notebook that bench/FINDINGS.md replaced (it stays in git history).
  {
    name: 'lab-notebook',
    pattern: /\bbench\/ANALYSIS\.md\b/,
    why: 'cites bench/ANALYSIS.md, a lab notebook no longer in the tree: cite the rule, or the bench/FINDINGS.md entry by its heading (bench/FINDINGS.md "Named statements")',
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
/**
 * Migrations are frozen once they land (shared/DESIGN.md habit 5): their comments describe the tree as
 * it was then, so the citation checks that follow the tree (headings, the retired notebook) skip them.
 */
const FROZEN = /^src\/db\/migrations\//;
const FOLLOWS_THE_TREE = new Set(['lab-notebook']);
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

/**
 * A citation of a heading: `README "Set up"`, `README's "Set up"`, `docs/operations.md "Metrics"`,
 * `bench/FINDINGS.md "Named statements"`; not `bench/README.md "Targets"` (another file's README).
 */
const SECTION_CITATION =
  /(?<![\w/.-])(README(?:\.md)?|docs\/[\w-]+\.md|bench\/FINDINGS\.md)(?:'s)?,? \\?"([^"\\]+)\\?"/g;

/** The repository file a citation names. */
export function citedFile(name: string): string {
  return name.startsWith('README') ? 'README.md' : name;
}

/** The headings of a Markdown text (`#` to `######`), outside fenced code blocks. */
export function headingsOf(markdown: string): string[] {
  const headings: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) headings.push(heading[1]!);
  }
  return headings;
}

/**
 * Whether `title` names one of `headings`: the heading itself, or the quoted words a heading starts
 * with (`"Last used"` names `"Last used" of connected applications`).
 */
export function namesHeading(title: string, headings: readonly string[]): boolean {
  return headings.some((h) => h === title || h.startsWith(`"${title}"`));
}

/** The headings of a cited file, or undefined when the repository has no such file. */
export type HeadingsOf = (file: string) => readonly string[] | undefined;

/**
 * A repository file named in prose: `src/lib/net/safe-fetch.ts`, `docs/operations.md`. Reports under
 * `contract-tests/reports/` are a run's output, there only after one.
 */
const PATH_CITATION =
  /(?<![\w/.-])((?:src|contract-tests|scripts|docs|bench|spec)\/[\w./-]*\.(?:ts|md|cjs|mjs|js|eta|json|ya?ml|graphql|sql))(?![\w/-])/g;
const RUN_OUTPUT = /^contract-tests\/reports\//;

/** Whether a repository file exists, by its path from the root. */
export type Exists = (file: string) => boolean;

/** The citations in one piece of text that name a heading or a file the repository does not have. */
function danglingCitations(part: string, headings: HeadingsOf, exists?: Exists): { rule: string; why: string }[] {
  const found: { rule: string; why: string }[] = [];
  for (const [, name, title] of part.matchAll(SECTION_CITATION)) {
    const cited = citedFile(name!);
    const known = headings(cited);
    if (known && namesHeading(title!, known)) continue;
    const why = known
      ? `cites "${title}", which is no heading of ${cited}: cite the heading the text now sits under`
      : `cites ${cited}, which the repository does not have: cite the file the text now lives in`;
    found.push({ rule: 'section', why });
  }
  if (!exists) return found;
  for (const [, cited] of part.matchAll(PATH_CITATION)) {
    if (RUN_OUTPUT.test(cited!) || exists(cited!)) continue;
    found.push({
      rule: 'path',
      why: `names ${cited}, which the repository does not have: name the file where it now is`,
    });
  }
  return found;
}

/**
 * Every rule a text breaks, line by line; with `headings`, also every citation of a heading that does
 * not exist, and with `exists` every repository path that does not.
 */
export function findReferences(
  file: string,
  content: string,
  scope: Scope = 'all',
  headings?: HeadingsOf,
  exists?: Exists,
): Finding[] {
  const findings: Finding[] = [];
  const frozen = FROZEN.test(file.split(path.sep).join('/'));
  content.split('\n').forEach((text, index) => {
    for (const part of checkedText(text, scope)) {
      for (const rule of RULES) {
        if (frozen && FOLLOWS_THE_TREE.has(rule.name)) continue;
        if (rule.pattern.test(part))
          findings.push({ file, line: index + 1, rule: rule.name, why: rule.why, text: text.trim() });
      }
      if (!headings || frozen) continue;
      for (const { rule, why } of danglingCitations(part, headings, exists))
        findings.push({ file, line: index + 1, rule, why, text: text.trim() });
    }
  });
  return findings;
}

/** The documents a reader follows (README, docs/, the findings): their citations must resolve too. */
export const DOCUMENTS = ['README.md', 'docs', 'bench/FINDINGS.md'];

/** Dangling heading and path citations in a Markdown document, outside its code blocks. */
export function findDanglingInDocument(
  file: string,
  markdown: string,
  headings: HeadingsOf,
  exists: Exists,
): Finding[] {
  const findings: Finding[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    if (fenced) return;
    for (const { rule, why } of danglingCitations(text, headings, exists))
      findings.push({ file, line: index + 1, rule, why, text: text.trim() });
  });
  return findings;
}

/** Reads each cited Markdown file under `root` once. */
export function headingsUnder(root: string): HeadingsOf {
  const cache = new Map<string, readonly string[] | undefined>();
  return (file) => {
    if (!cache.has(file)) {
      const full = path.join(root, file);
      cache.set(file, existsSync(full) ? headingsOf(readFileSync(full, 'utf8')) : undefined);
    }
    return cache.get(file);
  };
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
export function checkTree(root: string, targets = TARGETS, documents: readonly string[] = []): Finding[] {
  const findings: Finding[] = [];
  const headings = headingsUnder(root);
  const exists: Exists = (file) => existsSync(path.join(root, file));
  for (const { dir, scope } of targets) {
    const base = path.join(root, dir);
    const kind = statSync(base, { throwIfNoEntry: false });
    const files = kind?.isDirectory() ? filesUnder(base) : kind?.isFile() ? [base] : [];
    for (const file of files) {
      if (SELF.has(path.relative(root, file).split(path.sep).join('/'))) continue;
      findings.push(...findReferences(path.relative(root, file), readFileSync(file, 'utf8'), scope, headings, exists));
    }
  }
  for (const document of documents) {
    const base = path.join(root, document);
    const kind = statSync(base, { throwIfNoEntry: false });
    const files = kind?.isDirectory()
      ? readdirSync(base)
          .filter((name) => name.endsWith('.md'))
          .map((name) => path.join(base, name))
      : kind?.isFile()
        ? [base]
        : [];
    for (const file of files)
      findings.push(...findDanglingInDocument(path.relative(root, file), readFileSync(file, 'utf8'), headings, exists));
  }
  return findings;
}

if (import.meta.main) {
  const rootFlag = process.argv.indexOf('--root');
  const root = rootFlag > 0 ? path.resolve(process.argv[rootFlag + 1] ?? '.') : process.cwd();
  const findings = checkTree(
    root,
    [
      ...TARGETS,
      { dir: 'vitest.config.ts', scope: 'all' },
      { dir: 'eslint.config.js', scope: 'all' },
      { dir: '.ci/run', scope: 'all' },
    ],
    DOCUMENTS,
  );
  for (const f of findings) console.error(`${f.file}:${f.line}: ${f.rule}: ${f.why}\n    ${f.text}`);
  if (findings.length > 0) {
    console.error(
      `${findings.length} comment(s) or test title(s) cite an issue, the seed spec, the platform-APIs reference, the lab notebook or a heading that does not exist.`,
    );
    process.exitCode = 1;
  }
}
