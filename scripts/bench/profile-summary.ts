// Reads a V8 CPU profile (node --cpu-prof, e.g. from `npm run bench -- --cpu-prof`) and prints
// where the time went: the hottest functions by self time, inclusive time of our own source files
// and functions (a sample counts once per function on its stack, so recursion is not counted
// twice), and self time by package or area. `--last=S` keeps only the final S seconds (the profile
// ends when the harness stops the server, right after the last measured run, so this drops start-up,
// migrations and fixtures). Usage:
//   node scripts/bench/profile-summary.ts /tmp/course-school-bench-*/profiles/<file>.cpuprofile [--top=25] [--last=10]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string' }, last: { type: 'string' } },
});
const file = positionals[0];
if (!file) {
  process.stderr.write('usage: node scripts/bench/profile-summary.ts <file.cpuprofile> [--top=25] [--last=S]\n');
  process.exit(64);
}
const top = Number(values.top ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

/** node_modules/<pkg>, src/<area>/<file>, node:<module>, or a V8 pseudo-frame such as (garbage collector). */
function where(frame: CallFrame): string {
  const url = frame.url.replace(/^file:\/\//, '');
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg ${pkg[1]}`;
  if (url.startsWith('node:')) return url;
  const src = /\/((?:src|generated|scripts)\/.*)$/.exec(url);
  return src ? src[1]! : url;
}

function fn(frame: CallFrame): string {
  return `${frame.functionName || '(anonymous)'} ${where(frame)}:${frame.lineNumber + 1}`;
}

const self = new Map<string, number>();
const selfWhere = new Map<string, number>();
const inclusiveFn = new Map<string, number>();
const inclusiveFile = new Map<string, number>();
let total = 0;
let idle = 0;

// Sample times from the deltas; the window is measured back from the last sample.
const times: number[] = [];
let clock = 0;
for (const delta of profile.timeDeltas) times.push((clock += delta));
const windowStart = values.last ? clock - Number(values.last) * 1e6 : -Infinity;

const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);

for (let i = 0; i < profile.samples.length; i++) {
  if (times[i]! < windowStart) continue;
  const us = profile.timeDeltas[i] ?? 0;
  const leaf = byId.get(profile.samples[i]!)!;
  if (leaf.callFrame.functionName === '(idle)') {
    idle += us;
    continue;
  }
  total += us;
  add(self, fn(leaf.callFrame), us);
  add(selfWhere, where(leaf.callFrame), us);
  const seenFns = new Set<string>();
  const seenFiles = new Set<string>();
  for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
    const frame = byId.get(id)!.callFrame;
    const w = where(frame);
    if (!w.startsWith('src/')) continue;
    seenFns.add(fn(frame));
    seenFiles.add(w);
  }
  for (const key of seenFns) add(inclusiveFn, key, us);
  for (const key of seenFiles) add(inclusiveFile, key, us);
}

function print(title: string, map: Map<string, number>, limit = top): void {
  process.stdout.write(`\n## ${title}\n`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    process.stdout.write(
      `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(8)} ms  ${key}\n`,
    );
  }
}

process.stdout.write(`${file}: ${(total / 1e6).toFixed(1)} s on CPU, ${(idle / 1e6).toFixed(1)} s idle\n`);
print('self time by package or area', selfWhere);
print('self time by function', self);
print('inclusive time of our source files (src/)', inclusiveFile);
print('inclusive time of our functions (src/)', inclusiveFn);
