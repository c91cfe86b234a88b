// What the contract run is pointed at: a server the suite starts itself, or the deployment named by
// CONTRACT_BASE_URL (contract-tests/README.md). Suites that can only check a server they start
// themselves are left out of a run against a deployment, each with its one-line reason.
export const CONTRACT_BASE_URL = process.env.CONTRACT_BASE_URL || undefined;

export const SELF_STARTING_SUITES: ReadonlyArray<{ files: string; reason: string }> = [
  {
    files: 'contract-tests/reliability/**/*.test.ts',
    reason:
      'starts its own service instances on this machine (own database, keys and logs), so it cannot check a deployment',
  },
  {
    files: 'contract-tests/service/process.test.ts',
    reason: 'starts `node src/main.ts` itself to check start-up, configuration errors and SIGTERM',
  },
  {
    files: 'contract-tests/service/start-up-failures.test.ts',
    reason:
      'starts `node src/main.ts` itself on damaged data, wrong URLs and wrong keys to check its one-line failures',
  },
];

/** Files to leave out of this run; prints one line per group saying why. */
export function excludedForTarget(): string[] {
  if (!CONTRACT_BASE_URL) return [];
  for (const suite of SELF_STARTING_SUITES)
    console.warn(`[contract] skipped against ${CONTRACT_BASE_URL}: ${suite.files} ${suite.reason}`);
  return SELF_STARTING_SUITES.map((suite) => suite.files);
}
