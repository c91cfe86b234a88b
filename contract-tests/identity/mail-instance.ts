// A server of the mail suites' own, on the database of the run: a scratch PostgreSQL database when
// DATABASE_URL is set, else the embedded one in memory, with the environment a suite gives (SMTP_URL
// pointing at its listener, NODE_ENV=production ...). The suite's global server is not used: its
// mail goes to .eml files, and these suites read mail as a person would, from a mailbox.
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { startInstance, type Instance } from '../reliability/instance.ts';

export type MailInstance = Instance & { close(): Promise<void> };

export async function startMailInstance(env: Record<string, string>): Promise<MailInstance> {
  const scratch = process.env.DATABASE_URL ? await createScratchPostgresDatabase(process.env.DATABASE_URL) : null;
  try {
    const instance = await startInstance(
      { OUTBOX_POLL_MS: '100', ...(scratch ? { DATABASE_URL: scratch.url } : {}), ...env },
      { readyMs: 120_000 },
    );
    return {
      ...instance,
      async close() {
        await instance.stop();
        await scratch?.drop();
      },
    };
  } catch (error) {
    await scratch?.drop();
    throw error;
  }
}
