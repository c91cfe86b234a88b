// A service instance of a test's own, for rules that need a configuration the shared server does
// not have (a short token lifetime, TRUST_PROXY) or that change a school's settings other suites
// rely on. It runs on the database the suite runs on: a scratch PostgreSQL database when
// DATABASE_URL is set (dropped afterwards), embedded PGlite in memory otherwise. Never against a
// deployment (CONTRACT_BASE_URL): such suites skip themselves with `ownInstanceUnavailable`.
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { startInstance, type Instance } from '../reliability/instance.ts';
import { CONTRACT_BASE_URL } from '../support/target.ts';

export const ownInstanceUnavailable = Boolean(CONTRACT_BASE_URL);

export async function startOwnInstance(env: Record<string, string> = {}): Promise<Instance> {
  const scratch = process.env.DATABASE_URL ? await createScratchPostgresDatabase(process.env.DATABASE_URL) : null;
  try {
    const instance = await startInstance(
      { ...env, ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
      { readyMs: 90_000 },
    );
    return {
      ...instance,
      stop: async () => {
        await instance.stop();
        await scratch?.drop();
      },
    };
  } catch (error) {
    await scratch?.drop();
    throw error;
  }
}

/** A test on an instance of its own may take this long: the start, on a busy 2-core machine, and the test. */
export const OWN_INSTANCE_TEST_MS = 120_000;

/** Runs `work` against an instance of its own, stopped afterwards whatever happens. */
export async function withOwnInstance<T>(work: (instance: Instance) => Promise<T>): Promise<T> {
  const instance = await startOwnInstance();
  try {
    return await work(instance);
  } finally {
    await instance.stop();
  }
}
