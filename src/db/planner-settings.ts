// The planner settings this service's connections run with, on PostgreSQL and on PGlite alike, so
// that both choose the same plans.
//
// random_page_cost: PostgreSQL's default (4) prices a random page read as if it came from a
// spinning disk. A school's hot rows (its catalog, its members' enrollments, live tokens) are read
// from shared buffers, and at the default the planner scans a small table whole instead of using
// its primary key: a member's page of enrolled courses hashed the school's entire catalog, so it
// cost more with every course the school added (bench/FINDINGS.md "Planner costs").
// PostgreSQL's documentation (runtime-config-query) suggests lowering it when the data is cached,
// and names 1.1 for solid-state storage.
// jit: PostgreSQL compiles a plan priced past jit_above_cost (100,000) when it runs it. Every
// statement here is a short lookup or write, so a price that high is a misestimate, not a long
// query: the webhook claim's generic plan, priced at 246,000 for about a millisecond of work, spent
// 77 ms compiling (bench/FINDINGS.md "Named statements"). PostgreSQL's documentation (jit-decision)
// names long analytical queries as what JIT is for.
// An operator who puts `options` in DATABASE_URL replaces these (pg lets the URL's parameters win).
const PLANNER_SETTINGS: Readonly<Record<string, string>> = {
  random_page_cost: '1.1',
  jit: 'off',
};

/** The settings as the `options` startup parameter that `pg` sends when it connects. */
export function plannerStartupOptions(): string {
  return Object.entries(PLANNER_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
}

/** The settings as SET statements, for PGlite's single session. */
export function plannerSetStatements(): string {
  return Object.entries(PLANNER_SETTINGS)
    .map(([name, value]) => `set ${name} = ${value};`)
    .join('\n');
}
