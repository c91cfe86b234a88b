// The folder-level import graph of src/ and the arrows in it that point back up the floors of
// docs/layout.md (`node scripts/layer-graph.ts`, or `--json` for the raw edge list). It reads
// dependency-cruiser's JSON, so it counts type-only imports as the layer rules do.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');

/** Floors, bottom up; folders on one floor are siblings that must not import each other. */
const FLOORS: string[][] = [
  ['lib'],
  ['config'],
  ['db'],
  ['metrics'],
  ['services'],
  ['http'],
  ['oauth', 'admin', 'graphql', 'mcp', 'web', 'public'],
  ['wiring'],
  ['app.ts'],
  ['process'],
  ['main.ts'],
];
const floorOf = new Map(FLOORS.flatMap((names, floor) => names.map((name) => [name, floor] as const)));

/** src/oauth/handlers/token.ts -> oauth; src/app.ts -> app.ts. */
const folderOf = (file: string) => file.split('/')[1] ?? file;

const output = execFileSync(
  path.join(repo, 'node_modules', '.bin', 'depcruise'),
  ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  { cwd: repo, maxBuffer: 1 << 30, encoding: 'utf8' },
);
const report = JSON.parse(output) as {
  modules: { source: string; dependencies: { resolved: string; coreModule: boolean }[] }[];
};

/** "from -> to" -> the file imports behind that arrow. */
const edges = new Map<string, string[]>();
for (const module of report.modules) {
  if (!module.source.startsWith('src/')) continue;
  for (const dependency of module.dependencies) {
    if (!dependency.resolved.startsWith('src/')) continue;
    const from = folderOf(module.source);
    const to = folderOf(dependency.resolved);
    if (from === to) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, [...(edges.get(key) ?? []), `${module.source} -> ${dependency.resolved}`]);
  }
}

const pointsUp = (from: string, to: string) => {
  const a = floorOf.get(from);
  const b = floorOf.get(to);
  if (a === undefined || b === undefined) return true;
  return b > a || (b === a && from !== to);
};

const arrows = [...edges.keys()].sort();
const up = arrows.filter((arrow) => {
  const [from, to] = arrow.split(' -> ') as [string, string];
  return pointsUp(from, to);
});
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(Object.fromEntries(edges), null, 2));
} else {
  const folders = new Set(arrows.flatMap((arrow) => arrow.split(' -> ')));
  console.log(`${folders.size} folders, ${arrows.length} arrows, ${up.length} pointing up or sideways`);
  for (const arrow of arrows) console.log(`${up.includes(arrow) ? '^ ' : '  '}${arrow} (${edges.get(arrow)!.length})`);
  for (const arrow of up) {
    console.log(`\n${arrow}:`);
    for (const file of edges.get(arrow)!) console.log(`  ${file}`);
  }
}
