// bench/FINDINGS.md "The webhooks row's ceiling": what the webhooks row's write costs PostgreSQL as
// the service sends it (BEGIN, the course's status, its event with a delivery, COMMIT: four round
// trips) against the same rows written by one statement of three CTEs, autocommitted. pgbench runs
// both on a scratch database (database.ts) seeded as `npm run seed` seeds one, each client toggling
// a course of its own, with PostgreSQL pinned to core 0 as the benchmark pins it (pin-postgres.ts)
// and pgbench to core 1, so writes/s compare the CPU each form costs per write. From the repository:
//   node scripts/bench/webhooks/write-round-trips.ts [server URL, default postgres://postgres@127.0.0.1:5432] [rounds, default 2]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase, dropAllScratchDatabases } from '../database.ts';
import { pinPostgres, type PostgresPinning } from '../pin-postgres.ts';

const CLIENTS = 32;
const server = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432';
const rounds = Number(process.argv[3] ?? 2);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`write-round-trips: rounds must be a whole number of at least 1, not ${process.argv[3]}`);
  process.exit(1);
}

const MOVE = `update courses set status = case when status = 'published' then 'archived' else 'published' end,
  published_at = coalesce(published_at, now()),
  archived_at = case when status = 'published' then now() else null end
  where site_id = :site::uuid and slug = 'round-trips-' || :n returning *`;
const FANOUT = `insert into webhook_deliveries (site_id, event_id, endpoint_id) select :site::uuid, event.id, w.id
  from webhook_endpoints w, event where w.site_id = :site::uuid and w.status = 'enabled'
  and w.event_types ?| array['course.published'] returning endpoint_id`;
const EVENT = 'insert into webhook_events (id, site_id, type, version, payload, created_at)';
const FORMS = {
  'as-sent': `\\set n :client_id + 1
begin;
${MOVE};
with event as (${EVENT} values (gen_random_uuid(), :site::uuid, 'course.published', '1', repeat('x', 500), now()) returning id) ${FANOUT};
commit;
`,
  'one-statement': `\\set n :client_id + 1
with moved as (${MOVE}), event as (${EVENT} select gen_random_uuid(), :site::uuid, 'course.published', '1', repeat('x', 500), now() from moved returning id) ${FANOUT};
`,
};

/** One draft course per client, copied from a seeded one, and an endpoint subscribed to the events: the school's id. */
async function prepare(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const site = (await client.query<{ id: string }>('select id from sites order by created_at limit 1')).rows[0]!.id;
    await client.query(
      `insert into courses
       select (jsonb_populate_record(null::courses, to_jsonb(m) || jsonb_build_object('id', gen_random_uuid(),
         'slug', 'round-trips-' || g, 'status', 'draft', 'published_at', null, 'archived_at', null))).*
       from (select * from courses where site_id = $1 limit 1) m, generate_series(1, $2::int) g`,
      [site, CLIENTS],
    );
    await client.query(
      `insert into webhook_endpoints (site_id, url, event_types, version)
       values ($1, 'https://receiver.invalid/hook', '["course.published", "course.archived"]', '1')`,
      [site],
    );
    return site;
  } finally {
    await client.end();
  }
}

const work = mkdtempSync(path.join(tmpdir(), 'write-round-trips-'));
let pinning: PostgresPinning | undefined;
const cleanUp = async () => {
  pinning?.restore();
  await dropAllScratchDatabases();
  rmSync(work, { recursive: true, force: true });
};
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

try {
  const scratch = await createScratchDatabase(server, 'write_round_trips');
  const seed = spawnSync(process.execPath, ['scripts/seed.ts'], {
    env: { ...process.env, DATABASE_URL: scratch.url },
    encoding: 'utf8',
  });
  if (seed.status !== 0)
    throw new Error(`seeding the scratch database failed: ${seed.stderr.trim().split('\n').at(-1)}`);
  const site = await prepare(scratch.url);
  for (const [form, script] of Object.entries(FORMS)) writeFileSync(path.join(work, `${form}.sql`), script);
  pinning = await pinPostgres(server, 0);
  console.log(pinning.note);
  for (let round = 1; round <= rounds; round++) {
    for (const form of Object.keys(FORMS)) {
      const run = spawnSync(
        'taskset',
        [
          '-c',
          '1',
          'pgbench',
          scratch.url,
          '-n',
          '-M',
          'prepared',
          '-c',
          String(CLIENTS),
          '-j',
          '1',
          '-T',
          '10',
        ].concat(['-D', `site=${site}`, '-f', path.join(work, `${form}.sql`)]),
        { encoding: 'utf8' },
      );
      const tps = /^tps = (\d+)/m.exec(run.stdout)?.[1] ?? '?';
      console.log(`round ${round}: ${form} ${tps} writes/s`);
    }
  }
} catch (error) {
  console.error(`write-round-trips: ${(error as Error).message.split('\n')[0]}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
