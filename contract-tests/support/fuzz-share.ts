// CI runs every contract suite twice, on the embedded database and then on PostgreSQL
// (docs/development.md "How CI runs"). The fuzzers split their cases between the two passes: each
// pass draws from a seed of its own and sends half the runs, so one CI run still sends every
// operation its whole count of distinct cases, at half the time per pass. A seed or a count given
// in the environment is used as given, so a finding replays exactly.

type Env = Record<string, string | undefined>;

const given = (value: string | undefined): value is string => value !== undefined && value !== '';

/** The seed of this pass: `explicit` when given, else `base` on the embedded database and `base + 1` on PostgreSQL. */
export function passSeed(explicit: string | undefined, base: number, env: Env = process.env): number {
  return given(explicit) ? Number(explicit) : base + (given(env.DATABASE_URL) ? 1 : 0);
}

/** Runs per operation in this pass: `explicit` when given, else in CI half of `perCiRun` (rounded up), else `local`. */
export function passRuns(
  explicit: string | undefined,
  perCiRun: number,
  local: number,
  env: Env = process.env,
): number {
  if (given(explicit)) return Number(explicit);
  return given(env.CI) ? Math.ceil(perCiRun / 2) : local;
}
