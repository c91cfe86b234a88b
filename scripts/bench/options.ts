// The harness's options, from flags or BENCH_* environment variables (flags win). `--smoke` is the
// CI mode: one short run per row, no warm-up to speak of, nothing written, no targets judged.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  isSmallDatasetTwin,
  SCENARIOS,
  SMALL_DATASET_TWINS,
  TARGETS,
  type ScenarioId,
  type TargetId,
} from './scenarios.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type Options = {
  smoke: boolean;
  /** Add the large dataset (fixtures/scale-data.ts) to our database before the load. */
  scale: boolean;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  repetitions: number;
  scenarios: ScenarioId[];
  targets: TargetId[];
  chainsPerConnection: number;
  postgresUrl: string;
  /** Where our service's src/main.ts is run from (default: this repository). */
  serverDir: string;
  /** Another checkout of our service, run as the `baseline` target on the same rows as ours; null: none. */
  baselineDir: string | null;
  /** Run our service under `node --cpu-prof`; the profile lands next to the server logs. */
  cpuProf: boolean;
  /** Write bench/RESULTS.md and bench/results/<timestamp>.json (full runs only by default). */
  write: boolean;
  serverCore: number;
  generatorCore: number;
  /** Pin the local PostgreSQL to the generator's core for the run (bench/README.md: "PostgreSQL beside the generator"). */
  pinPostgres: boolean;
  /** nice value for the servers and the harness; negative raises their priority on a shared machine (root only). */
  nice: number;
  /** WEBHOOK_POLL_MS of the webhooks row's instance; null: the service's own default. */
  webhookPollMs: number | null;
};

/** What --targets may name: the small-dataset twins come with --scale by themselves. */
const LISTABLE_TARGETS = TARGETS.filter((t) => !isSmallDatasetTwin(t));

export const USAGE = `npm run bench [-- options]        full run: writes bench/RESULTS.md and bench/results/<timestamp>.json
npm run bench:smoke               CI: 1 s per row, one repetition, nothing written, no targets judged

  --duration=S              seconds per measured run (BENCH_DURATION, default 10; smoke 1)
  --warmup=S                seconds of warm-up before each measured run (BENCH_WARMUP, default 2; smoke 0.5)
  --connections=N           concurrent connections (BENCH_CONNECTIONS, default 50; smoke 10: fewer fixtures to mint)
  --repetitions=N           rounds over all rows, medians reported (BENCH_REPETITIONS, default 3; smoke 1)
  --scenarios=a,b           ${SCENARIOS.filter((s) => s !== 'hello-world').join(', ')} (BENCH_SCENARIOS; default all)
  --targets=a,b             ${LISTABLE_TARGETS.filter((t) => t !== 'hello-world').join(', ')} (BENCH_TARGETS; default all; the hello-world ceiling
                            always runs, the baseline whenever --baseline-dir is given)
  --chains-per-connection=N refresh-token chains each connection rotates through (BENCH_CHAINS_PER_CONNECTION, default 2)
  --postgres-url=URL        server to create the scratch databases on (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)
  --server-dir=DIR          run our service from another checkout (BENCH_SERVER_DIR, default this repository)
  --baseline-dir=DIR        also run our service from checkout DIR (npm ci done there) as the target "baseline", on
                            the same rows as ours; the targets set against a baseline commit compare with it
                            (BENCH_BASELINE_DIR; without it those targets are not judged)
  --cpu-prof                run our service under node --cpu-prof (profile next to the server logs)
  --no-pin-postgres         leave the local PostgreSQL on every core (default: pinned beside the load generator)
  --nice=N                  run the servers and the harness at this nice value; e.g. -10 when the machine is
                            shared with other work (BENCH_NICE, default 0: unchanged; negative needs root)
  --webhook-poll-ms=MS      the webhooks row's delivery worker polls this often (BENCH_WEBHOOK_POLL_MS; default:
                            the service's own WEBHOOK_POLL_MS default)
  --scale                   first add 100,000 members, 1,000,000 enrollments and 1,000,000 access tokens to our
                            database and the baseline's (BENCH_SCALE), and run each beside a twin on the small dataset
                            (ours-small, baseline-small) in the same rounds; writes bench/RESULTS-scale.md
  --write / --no-write      write the results files (default: yes for full runs, no for smoke)`;

function list<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T[] | undefined {
  if (!value) return undefined;
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items)
    if (!allowed.includes(item as T)) throw new Error(`${name}: unknown "${item}" (one of ${allowed.join(', ')})`);
  return items as T[];
}

function positive(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${value}`);
  return n;
}

function niceValue(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < -20 || n > 19)
    throw new Error(`nice must be an integer from -20 to 19, got ${value}`);
  return n;
}

/** A whole number of milliseconds; its range is the service's to judge (a value it refuses stops it at start, in its log). */
function pollInterval(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`webhook-poll-ms must be a positive integer, got ${value}`);
  return n;
}

/** A checkout our service can start from (its src/main.ts), as an absolute path; null when not given. */
function checkout(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  const dir = path.resolve(value);
  if (!existsSync(path.join(dir, 'src', 'main.ts'))) throw new Error(`baseline-dir: no src/main.ts in ${dir}`);
  return dir;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      smoke: { type: 'boolean' },
      scale: { type: 'boolean' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      repetitions: { type: 'string' },
      scenarios: { type: 'string' },
      targets: { type: 'string' },
      'chains-per-connection': { type: 'string' },
      'postgres-url': { type: 'string' },
      'server-dir': { type: 'string' },
      'baseline-dir': { type: 'string' },
      'cpu-prof': { type: 'boolean' },
      nice: { type: 'string' },
      'webhook-poll-ms': { type: 'string' },
      write: { type: 'boolean' },
      'no-write': { type: 'boolean' },
      'no-pin-postgres': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const smoke = values.smoke ?? ['1', 'true'].includes(env.BENCH_SMOKE ?? '');
  const scenarios =
    list(values.scenarios ?? env.BENCH_SCENARIOS, SCENARIOS, 'scenarios') ??
    SCENARIOS.filter((s) => s !== 'hello-world');
  const baselineDir = checkout(values['baseline-dir'] ?? env.BENCH_BASELINE_DIR);
  const listed = list(values.targets ?? env.BENCH_TARGETS, LISTABLE_TARGETS, 'targets');
  if (listed?.includes('baseline') && !baselineDir) throw new Error('targets: "baseline" needs --baseline-dir');
  // The baseline runs whenever its checkout is given: a missing baseline row reads as "no --baseline-dir" (targets.ts).
  const targets: TargetId[] = [...(listed ?? LISTABLE_TARGETS.filter((t) => t !== 'baseline'))];
  if (baselineDir && !targets.includes('baseline')) targets.push('baseline');
  const scale = values.scale ?? ['1', 'true'].includes(env.BENCH_SCALE ?? '');
  if (scale)
    for (const [large, small] of Object.entries(SMALL_DATASET_TWINS))
      if (targets.includes(large as TargetId)) targets.push(small);
  return {
    smoke,
    scale,
    durationSeconds: positive(values.duration ?? env.BENCH_DURATION, 'duration', smoke ? 1 : 10),
    warmupSeconds: positive(values.warmup ?? env.BENCH_WARMUP, 'warmup', smoke ? 0.5 : 2),
    // A smoke run proves the harness end to end; its load level means nothing, and every connection
    // costs refresh chains minted through the browser flow on each server.
    connections: Math.max(
      1,
      Math.round(positive(values.connections ?? env.BENCH_CONNECTIONS, 'connections', smoke ? 10 : 50)),
    ),
    repetitions: Math.max(
      1,
      Math.round(positive(values.repetitions ?? env.BENCH_REPETITIONS, 'repetitions', smoke ? 1 : 3)),
    ),
    scenarios,
    targets: targets.includes('hello-world') ? targets : ['hello-world', ...targets],
    chainsPerConnection: Math.max(
      1,
      Math.round(
        positive(values['chains-per-connection'] ?? env.BENCH_CHAINS_PER_CONNECTION, 'chains-per-connection', 2),
      ),
    ),
    postgresUrl: values['postgres-url'] ?? env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    serverDir: path.resolve(values['server-dir'] ?? env.BENCH_SERVER_DIR ?? REPO_ROOT),
    baselineDir,
    cpuProf: values['cpu-prof'] ?? ['1', 'true'].includes(env.BENCH_CPU_PROF ?? ''),
    write: values['no-write'] ? false : (values.write ?? !smoke),
    serverCore: 1,
    generatorCore: 0,
    pinPostgres: !(values['no-pin-postgres'] ?? ['0', 'false'].includes(env.BENCH_PIN_POSTGRES ?? '')),
    nice: niceValue(values.nice ?? env.BENCH_NICE),
    webhookPollMs: pollInterval(values['webhook-poll-ms'] ?? env.BENCH_WEBHOOK_POLL_MS),
  };
}
