// docs/operations.md "Durability": on the embedded database on disk, an acknowledged write is on disk. PGlite
// alone never syncs (its file system has no fsync); the service passes PostgreSQL's fsync() calls to
// the disk (src/db/pglite-durability.ts) and counts them in db_file_syncs_total. Here, through the
// public interface: the start line names the durability, and each acknowledged write (a client
// registration, RFC 7591 3.2.1: 201 once stored) is followed by at least one sync. Figures go to
// contract-tests/reports/RESULTS.md. The embedded database's own pass only.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discover, registerLoopbackClient } from '../support/oauth-flow.ts';
import { DATABASE_URL, freePort, startInstance, type Instance } from './instance.ts';
import { writeResults } from './results.ts';

const WRITES = 20;

if (DATABASE_URL) console.warn('[reliability] skipping embedded-durability.test.ts: it runs in the PGlite pass');

describe.skipIf(Boolean(DATABASE_URL))(
  'docs/operations.md "Durability": the embedded database on disk syncs each commit',
  () => {
    let instance: Instance | undefined;
    let metricsUrl: string;
    const syncs = async () => {
      const text = await (await fetch(metricsUrl)).text();
      return Number(/^db_file_syncs_total (\d+)/m.exec(text)?.[1] ?? NaN);
    };
    let listening: { database?: string; durability?: string } | undefined;
    let before = 0;
    let after = 0;
    let registered = 0;

    beforeAll(async () => {
      const metricsPort = await freePort();
      metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      instance = await startInstance(
        {
          PGLITE_STORAGE: 'disk',
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'durability-')),
          METRICS_PORT: String(metricsPort),
        },
        { readyMs: 120_000 },
      );
      listening = instance
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; database?: string; durability?: string })
        .find((line) => line.msg === 'listening');
      const as = await discover(instance.origin);
      before = await syncs();
      // One at a time: each is its own commit, acknowledged by its 201.
      for (let i = 0; i < WRITES; i++) {
        const client = await registerLoopbackClient(as, { client_name: `Durability ${i}` });
        if (client.client_id) registered += 1;
      }
      after = await syncs();
      await writeResults('embedded-durability', 'The embedded database on disk syncs each commit (PGlite)', [
        ['acknowledged writes (client registrations, one at a time)', registered],
        ['fsync() calls that reached the disk meanwhile', after - before, 'db_file_syncs_total'],
        ['syncs per acknowledged write', ((after - before) / registered).toFixed(2), 'at least 1'],
        ['durability on the start line', listening?.durability ?? 'none said'],
      ]);
    }, 150_000);

    afterAll(async () => instance?.stop());

    it('the start line says which durability applies (docs/operations.md "Durability")', () => {
      expect(listening).toMatchObject({ database: 'pglite', durability: 'fsync-at-commit' });
    });

    it('each acknowledged write is followed by at least one fsync() that reached the disk (docs/operations.md "Durability")', () => {
      expect(registered).toBe(WRITES);
      expect(after - before).toBeGreaterThanOrEqual(WRITES);
    });
  },
);
