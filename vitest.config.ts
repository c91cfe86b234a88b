// Two projects: `unit` tests sit next to the code they test; `contract` tests drive a running
// server over HTTP, as its users do (a server they start, or CONTRACT_BASE_URL).
// Every run writes contract-tests/reports/junit.xml and ends with `N passed, N failed, N skipped`
// (for CI and for people). Reporters given on the command line (.ci/run's --reporter flags) replace these.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { browserPageSuiteFiles, databaseAgnosticUnitFiles } from './contract-tests/support/database-agnostic.ts';
import {
  SWEEP_FILES,
  SweepsFirstSequencer,
  sweepProjectName,
} from './contract-tests/support/sweeps-first-sequencer.ts';
import { CONTRACT_BASE_URL, excludedForTarget } from './contract-tests/support/target.ts';

/** The whole-spec sweeps (support/sweeps-first-sequencer.ts). */
const ALONE = SWEEP_FILES;
/** Against a deployment (CONTRACT_BASE_URL), suites that start their own servers are left out. */
const NOT_FOR_TARGET = excludedForTarget();
/**
 * A worker runs file after file in one process and one module graph, as a server serves request
 * after request: a new process and a new import of every helper per file cost the unit files half
 * their CPU (259 against 129 CPU-s) and a pass on PGlite 150 s. What a support module caches for one
 * file is forgotten before the next (contract-tests/support/each-file.ts).
 */
const ISOLATE = false;

// The servers and commands the suites start (node src/main.ts, scripts/*.ts) share Node's compile
// cache: each start after the first reads the compiled code of the same modules instead of compiling
// them again. A folder of this checkout's own (node_modules/.cache), not the shared temporary folder.
process.env.NODE_COMPILE_CACHE ??= path.resolve(import.meta.dirname, 'node_modules/.cache/node-compile-cache');

export default defineConfig({
  test: {
    reporters: ['default', 'junit', './contract-tests/support/summary-reporter.ts'],
    outputFile: { junit: 'contract-tests/reports/junit.xml' },
    // One file more than the cores: contract files spend much of their time waiting (for a server,
    // a started instance, a lifetime to pass). One file at a time, vitest's default on 2 cores, used
    // 0.7 of a core on average; two left 22% of the cores idle over a pass on PGlite (/proc/stat).
    // The suites are written to run beside each other (a school's settings change only on an
    // instance of the suite's own; the whole-spec sweeps, ALONE, each have a server of their own).
    maxWorkers: availableParallelism() + 1,
    // The whole-spec sweeps start first (support/sweeps-first-sequencer.ts says why).
    sequence: { sequencer: SweepsFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          // The inventory check and the checks of CI's file selection and of the fuzzers' split need no server.
          include: [
            'src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'contract-tests/inventory.test.ts',
            'contract-tests/support/database-agnostic.test.ts',
            'contract-tests/support/fuzz-share.test.ts',
          ],
          // CI's pass on PostgreSQL leaves out the files that cannot see which database is in use
          // (support/database-agnostic.ts says how that is known); they ran on the first pass.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TESTS_DATABASE_DEPENDENT_ONLY ? databaseAgnosticUnitFiles() : []),
          ],
          sequence: { groupOrder: 0 },
          isolate: ISOLATE,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['contract-tests/**/*.test.ts'],
          // Against a deployment (CONTRACT_BASE_URL), suites that start their own servers are left out.
          exclude: [
            'contract-tests/inventory.test.ts',
            'contract-tests/support/database-agnostic.test.ts',
            'contract-tests/support/fuzz-share.test.ts',
            'contract-tests/operation-coverage.test.ts',
            ...ALONE,
            ...NOT_FOR_TARGET,
            // CI's pass on PostgreSQL leaves out the page suites in Chromium (support/database-agnostic.ts says why).
            ...(process.env.TESTS_DATABASE_DEPENDENT_ONLY ? browserPageSuiteFiles() : []),
          ],
          sequence: { groupOrder: 0 },
          isolate: ISOLATE,
          globalSetup: ['contract-tests/support/global-setup.ts'],
          setupFiles: ['contract-tests/support/each-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The whole-spec sweeps, each on a server of its own (a project's global setup starts one),
      // beside the contract files: each creates, changes and deletes across the whole demo school and
      // picks its fixtures from the school's lists. Against a deployment, which they would share with
      // the contract files and each other, each runs after those before it.
      ...ALONE.map((file, index) => ({
        test: {
          name: sweepProjectName(file),
          include: [file],
          exclude: NOT_FOR_TARGET,
          sequence: { groupOrder: CONTRACT_BASE_URL ? 1 + index : 0 },
          isolate: ISOLATE,
          globalSetup: ['contract-tests/support/global-setup.ts'],
          setupFiles: ['contract-tests/support/each-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        test: {
          // After the contract run: reads the log of operations its generated client called.
          name: 'operation-coverage',
          include: ['contract-tests/operation-coverage.test.ts'],
          sequence: { groupOrder: 1 + ALONE.length },
        },
      },
    ],
  },
});
