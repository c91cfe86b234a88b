// The V8 heap of the service's processes, one place for every way of starting it: `npm start`,
// `node src/main.ts` as the benchmark and the contract tests run it, and the cluster workers (which
// node:cluster starts with the primary's process.execArgv, so they inherit the flags). V8 sizes
// its heap when the process starts, so these cannot be set from inside (v8.setFlagsFromString is
// too late for them); main.ts therefore replaces its process with itself plus the flags
// (process.execve: the same pid, nothing left behind, about one Node start-up of time) before it
// loads anything else. Measured on the benchmark (bench/FINDINGS.md "Heap flags"), without them:
// - the young generation grew to 2 × 64 MiB semi-spaces (V8's default for a large machine),
//   128 MiB of RSS for request garbage that dies within milliseconds;
// - the old generation was let grow to 4 times its live size between full collections (V8's
//   growing factor with the default limit of several GiB): 60 MiB live, 210 MiB between them.
// The semi-space is 32 MiB, not less: at 16 MiB the GraphQL row spent 15–20% more CPU per request
// (its in-flight requests' objects outlived more scavenges and were promoted), at 32 MiB as much as
// without flags. The old generation keeps V8's default limit but grows to twice its live size between
// full collections instead of four times (--heap-growing-percent=100): peak RSS over the benchmark
// 413 → 297 MiB at the same throughput, side by side on five rows (bench/FINDINGS.md "Heap flags").
// A small limit instead (--max-old-space-size=512) took the peak to 275 MiB, but the frequent full
// collections it causes cost the GraphQL, MCP and admin rows a fifth of their throughput and put a
// 60 ms tail on them (p99 9 times p50, on a core the concurrent marker shares with the main thread).
// An operator who sizes the heap in NODE_OPTIONS or on the command line keeps that choice; V8 refuses
// --heap-growing-percent in NODE_OPTIONS, so it can only be given on the command line.

// Allocation-site pretenuring is off (--no-allocation-site-pretenuring): V8 had learnt to allocate
// some of the database driver's result objects straight in the old generation, where a dead one is
// only found by a full collection, and until then it kept the young rows it points to alive through
// every scavenge, so they were promoted too: 1.8 MB promoted per scavenge of the admin list, a full
// collection every two seconds with 10–25 ms pauses on the main thread. Without it 4 KB per
// scavenge, four full collections in a 20 s run (bench/FINDINGS.md "Heap flags").

/** `size`: a flag that sizes the heap, which `--max-heap-size` replaces; `value: null`: a switch. */
export const HEAP_FLAGS: readonly { name: string; value: number | null; size: boolean }[] = [
  { name: 'max-semi-space-size', value: 32, size: true },
  { name: 'heap-growing-percent', value: 100, size: false },
  { name: 'no-allocation-site-pretenuring', value: null, size: false },
];

/** A switch's opposite (`--no-x` and `--x`), so that an operator who turns it back on keeps that choice. */
function opposite(name: string): string {
  return name.startsWith('no-') ? name.slice(3) : `no-${name}`;
}

/** V8 reads both spellings, `--max-old-space-size` and `--max_old_space_size`. */
function flagName(argument: string): string {
  return argument.split('=')[0]!.replaceAll('_', '-');
}

/**
 * The flags of HEAP_FLAGS that neither the command line (execArgv) nor NODE_OPTIONS sets; no size
 * when either sets `--max-heap-size`, the other way to size the heap, which V8 lets ours override.
 */
export function missingHeapFlags(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const given = new Set([...execArgv, ...(nodeOptions ?? '').split(/\s+/)].map(flagName));
  const sized = given.has('--max-heap-size');
  return HEAP_FLAGS.filter(
    ({ name, value, size }) =>
      !given.has(`--${name}`) && !(value === null && given.has(`--${opposite(name)}`)) && !(size && sized),
  ).map(({ name, value }) => (value === null ? `--${name}` : `--${name}=${value}`));
}

/**
 * Restarts this process in place with the missing flags, before anything is opened (only stdin,
 * stdout and stderr survive an execve). Where execve does not exist (Windows) the process runs on
 * V8's defaults. NODE_OPTIONS is Node's own setting, not the service's configuration (config/),
 * and is read here only to leave an operator's heap size alone.
 */
export function applyHeapFlags(): void {
  const missing = missingHeapFlags(process.execArgv, process.env.NODE_OPTIONS);
  if (missing.length === 0 || typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)]);
}
