// The webhooks row's writes alone (bench/FINDINGS.md "The webhooks row's ceiling"): the same
// course publish/archive writes, by as many writers, on the same cores, with no endpoint
// subscribed, so each write commits its event and nothing is delivered. What one write costs the
// server, PostgreSQL and the writers is then known apart from what delivering its event costs, and
// the row's maximum can be set against the cores' budget. Usage:
//   node scripts/bench/webhooks/write-ceiling.ts [--server-dir=DIR ...] [--seconds=6] [--rounds=3]
// Each --server-dir (default: this repository) is started as the webhooks row starts it, in turn.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackendLister } from '../database.ts';
import { discover } from '../fixtures/browser-flow.ts';
import { operatorToken } from '../fixtures/ours.ts';
import { startMeter, waitForQuiet } from '../meter.ts';
import { REPO_ROOT } from '../options.ts';
import { pinPostgres } from '../pin-postgres.ts';
import { startOursForWebhooks } from '../servers.ts';
import { WRITERS } from './driver.ts';
import { adminCall } from './endpoints.ts';

const SERVER_CORE = 1;
const GENERATOR_CORE = 0;

const { values } = parseArgs({
  options: {
    'server-dir': { type: 'string', multiple: true },
    seconds: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '3' },
    'postgres-url': {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
if (!(seconds > 0) || !(rounds >= 1)) {
  process.stderr.write('write-ceiling: --seconds and --rounds must be positive numbers\n');
  process.exit(2);
}
const postgresUrl = values['postgres-url'];
const serverDirs = (values['server-dir'] ?? [REPO_ROOT]).map((dir) => path.resolve(dir));
for (const dir of serverDirs)
  if (!existsSync(path.join(dir, 'src', 'main.ts'))) {
    process.stderr.write(`write-ceiling: --server-dir=${dir} holds no src/main.ts (a checkout of this service)\n`);
    process.exit(2);
  }

/** Every writer toggles its own course as fast as it goes until the deadline: writes per second. */
async function writeRound(origin: string, authorization: string, courses: string[]) {
  let writes = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    courses.map(async (course) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const action = n % 2 === 0 ? 'publish' : 'archive';
        const response = await fetch(`${origin}/api/v1/courses/${course}/${action}`, {
          method: 'POST',
          headers: { authorization },
        });
        await response.arrayBuffer();
        if (response.ok) writes++;
        else failures++;
      }
    }),
  );
  return { writes, failures, seconds: (performance.now() - started) / 1000 };
}

execFileSync('taskset', ['-a', '-cp', String(GENERATOR_CORE), String(process.pid)], { stdio: 'ignore' });
const pinning = await pinPostgres(postgresUrl, GENERATOR_CORE);
const backends = createBackendLister(postgresUrl);
const logDir = mkdtempSync(path.join(os.tmpdir(), 'write-ceiling-'));
console.log(`${pinning.note}; the service on core ${SERVER_CORE}; logs in ${logDir}`);
try {
  for (const serverDir of serverDirs) {
    const service = await startOursForWebhooks({ core: SERVER_CORE, logDir, serverDir, postgresUrl, pollMs: null });
    try {
      const { origin } = service;
      const authorization = `Bearer ${await operatorToken(await discover(origin), 'courses:read courses:write')}`;
      const courses: string[] = [];
      for (let i = 0; i < WRITERS; i++)
        courses.push(
          (
            await adminCall<{ id: string }>('write ceiling', origin, authorization, 'POST', '/api/v1/courses', {
              title: `Write ceiling ${i}`,
            })
          ).id,
        );
      const target = { origin, pid: service.child.pid, database: service.database!.name };
      for (let round = 1; round <= rounds; round++) {
        await waitForQuiet(target.pid);
        const meter = await startMeter(target, backends);
        const result = await writeRound(origin, authorization, courses);
        const reading = await meter.stop(result.writes);
        console.log(
          `${serverDir} round ${round}: ${(result.writes / result.seconds).toFixed(0)} writes/s` +
            `  server ${reading.serverCpuMicrosPerRequest.toFixed(0)} µs/write (core ${(reading.serverCoreBusy * 100).toFixed(0)}%)` +
            `  PostgreSQL ${reading.postgresCpuMicrosPerRequest?.toFixed(0) ?? '–'} µs/write` +
            `  writers ${((reading.generatorCoreBusy * reading.seconds * 1e6) / result.writes).toFixed(0)} µs/write` +
            `  ${reading.postgresTransactionsPerRequest?.toFixed(2) ?? '–'} xact/write` +
            (result.failures ? `  ${result.failures} failed` : ''),
        );
      }
    } finally {
      await service.child.stop();
      await service.database?.drop();
    }
  }
} catch (error) {
  // One line, as every command here says what it could not do (bench/README.md).
  process.stderr.write(`write-ceiling: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await backends.close();
  pinning.restore();
}
