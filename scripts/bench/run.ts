// npm run bench / npm run bench:smoke: starts the servers, makes the fixtures, runs every row
// round-robin for the repetitions, and reports. It stops by itself and kills what it started on
// every way out (done, error, Ctrl-C). Only 127.0.0.1 is ever a target.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killAllChildrenNow, type Child } from './children.ts';
import {
  createBackendLister,
  dropAllScratchDatabases,
  postgresVersion,
  settleDatabase,
  type BackendLister,
} from './database.ts';
import { commandLine, machine, versions } from './environment.ts';
import { createOurFixtures } from './fixtures/ours.ts';
import { FULL_SCALE, seedScaleData } from './fixtures/scale-data.ts';
import { runLoad, type Measurement } from './load.ts';
import { parseOptions, REPO_ROOT, USAGE, type Options } from './options.ts';
import { pinPostgres, type PostgresPinning } from './pin-postgres.ts';
import { processMemory } from './proc.ts';
import {
  markdown,
  problemCount,
  rate,
  runTargetLines,
  summarize,
  table,
  type Report,
  type RowResult,
} from './report.ts';
import { hasSmallDatasetTwins, latestSmallDatasetReport, scaleComparison } from './scale-report.ts';
import { judgePeakRss } from './targets.ts';
import {
  buildRows,
  rateUnit,
  isSmallDatasetTwin,
  roundOrder,
  WEBHOOK_SCENARIOS,
  type LoadRow,
  type OurTargetId,
  type Row,
  type RowDriver,
  type RunningServers,
} from './scenarios.ts';
import { startHelloWorld, startOidcProvider, startOurs, startOursForWebhooks, type Started } from './servers.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
const started: Started[] = [];
let backends: BackendLister | undefined;
let postgresPinning: PostgresPinning | undefined;
const drivers: RowDriver[] = [];

async function cleanup(): Promise<void> {
  postgresPinning?.restore();
  postgresPinning = undefined;
  await Promise.all(drivers.splice(0).map((d) => d.close().catch(() => undefined)));
  await Promise.all(started.map((s) => s.child.stop().catch(() => undefined)));
  await backends?.close();
  await dropAllScratchDatabases();
}

process.on('exit', () => {
  postgresPinning?.restore();
  killAllChildrenNow();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`\n${signal}: stopping the servers and dropping the scratch databases`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Access tokens minted for the bearer rows on each server (round-robin over the connections). */
const ACCESS_TOKENS = 20;

/** The generator gets its own core; the servers get the other (children.ts pins them). */
function pinSelf(options: Options): void {
  // Before any child starts: the servers inherit this nice value.
  if (options.nice)
    execFileSync('renice', ['-n', String(options.nice), '-p', String(process.pid)], { stdio: 'ignore' });
  if (os.availableParallelism() < 2) {
    log('warning: fewer than 2 cores; server and load generator will share one');
    return;
  }
  execFileSync('taskset', ['-a', '-cp', String(options.generatorCore), String(process.pid)], { stdio: 'ignore' });
}

async function startServers(options: Options, logDir: string): Promise<{ servers: RunningServers; children: Child[] }> {
  const common = { core: options.serverCore, logDir };
  const servers: RunningServers = {};
  const want = (t: string) => options.targets.includes(t as never);
  // Every spare chain oidc-provider may need: at most one chain per connection is lost at each
  // stop (it has no reuse grace), two stops (warm-up, measured run) per repetition.
  const oidcChains = options.connections * (options.chainsPerConnection + 2 * options.repetitions + 1);

  log('starting hello-world');
  const hello = await startHelloWorld(common);
  started.push(hello);
  servers.hello = { origin: hello.origin, pid: hello.child.pid };

  // The webhooks row runs on an instance of its own (servers.ts startOursForWebhooks says why).
  const loadScenarios = options.scenarios.filter((s) => !WEBHOOK_SCENARIOS.includes(s));
  const webhookRows = options.scenarios.some((s) => WEBHOOK_SCENARIOS.includes(s));
  // Profiles are large: they go with the logs, outside the work tree.
  const nodeArgs = options.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', path.join(logDir, 'profiles')] : [];
  if (options.cpuProf)
    log(
      `our service (and its webhooks instance) runs under --cpu-prof; each profile is written to ${path.join(logDir, 'profiles')} when it stops`,
    );
  if (want('ours') && loadScenarios.length) {
    servers.ours = await startOurTarget('ours', options.serverDir, nodeArgs, options, logDir);
  }
  if (options.baselineDir && want('baseline') && loadScenarios.length)
    servers.baseline = await startOurTarget('baseline', options.baselineDir, [], options, logDir);
  // --scale: the small-dataset twins (options.ts adds them to the targets), from the same checkouts.
  if (want('ours-small') && loadScenarios.length)
    servers.oursSmall = await startOurTarget('ours-small', options.serverDir, [], options, logDir);
  if (options.baselineDir && want('baseline-small') && loadScenarios.length)
    servers.baselineSmall = await startOurTarget('baseline-small', options.baselineDir, [], options, logDir);
  if (want('ours') && webhookRows) {
    log(
      `starting our service for the webhooks row from ${options.serverDir} (development mode, loopback receivers allowed, WEBHOOK_POLL_MS ${options.webhookPollMs ?? 'default'})`,
    );
    const ours = await startOursForWebhooks({
      ...common,
      serverDir: options.serverDir,
      postgresUrl: options.postgresUrl,
      pollMs: options.webhookPollMs,
      nodeArgs,
    });
    started.push(ours);
    servers.oursWebhooks = { origin: ours.origin, pid: ours.child.pid, database: ours.database!.name };
  }
  // The same row from the baseline checkout, side by side: delivery figures swing with the machine.
  if (options.baselineDir && want('baseline') && webhookRows) {
    log(`starting the baseline for the webhooks row from ${options.baselineDir}`);
    const baseline = await startOursForWebhooks(
      { ...common, serverDir: options.baselineDir, postgresUrl: options.postgresUrl, pollMs: options.webhookPollMs },
      'baseline-webhooks',
    );
    started.push(baseline);
    servers.baselineWebhooks = {
      origin: baseline.origin,
      pid: baseline.child.pid,
      database: baseline.database!.name,
    };
  }
  for (const adapter of ['memory', 'postgres'] as const) {
    if (!want(adapter === 'memory' ? 'oidc-provider-memory' : 'oidc-provider-pg')) continue;
    log(`starting oidc-provider with the ${adapter} adapter (${oidcChains} chains minted)`);
    const oidc = await startOidcProvider({
      ...common,
      adapter,
      postgresUrl: options.postgresUrl,
      chains: oidcChains,
      accessTokens: ACCESS_TOKENS,
    });
    started.push(oidc);
    // Its payloads table, as ours: planned with statistics (settleDatabase).
    if (oidc.database) await settleDatabase(oidc.database.url);
    const target = {
      origin: oidc.origin,
      pid: oidc.child.pid,
      ...(oidc.database ? { database: oidc.database.name } : {}),
      fixtures: oidc.fixtures,
    };
    if (adapter === 'memory') servers.oidcMemory = target;
    else servers.oidcPg = target;
  }
  return { servers, children: started.map((s) => s.child) };
}

/**
 * Our service from one checkout (this tree's for ours, --baseline-dir's for the baseline), each on a
 * fresh database of its own with fixtures of its own made the same way, and the large dataset with
 * --scale, except on the small-dataset twins.
 */
async function startOurTarget(
  name: OurTargetId,
  serverDir: string,
  nodeArgs: string[],
  options: Options,
  logDir: string,
): Promise<NonNullable<RunningServers['ours']>> {
  log(`starting our service as ${name} from ${serverDir} (migrations and demo seed on a fresh database)`);
  const server = await startOurs({
    core: options.serverCore,
    logDir,
    serverDir,
    postgresUrl: options.postgresUrl,
    nodeArgs,
    name,
  });
  started.push(server);
  const chains = options.connections * options.chainsPerConnection + Math.ceil(options.connections / 5);
  log(
    `${name} fixtures: ${chains} refresh chains and ${ACCESS_TOKENS} access tokens through the browser flow, an operator token`,
  );
  const fixtures = await createOurFixtures(server.origin, { chains, accessTokens: ACCESS_TOKENS });
  // The large dataset vacuums and analyzes after its own writes.
  if (options.scale && !isSmallDatasetTwin(name))
    await seedScaleData(server.database!.url, server.origin, FULL_SCALE, log);
  else await settleDatabase(server.database!.url);
  return { origin: server.origin, pid: server.child.pid, database: server.database!.name, fixtures };
}

/** One request per row before any load: a 404 skips the row (endpoint not built yet); anything else wrong stops the run. */
async function probe(row: Row): Promise<string | undefined> {
  if ('driver' in row) return row.driver.prepare();
  row.chains?.beginRun();
  const spec = row.requestFor(0);
  const request = spec.setupRequest
    ? spec.setupRequest({ method: spec.method, path: spec.path, headers: spec.headers, body: spec.body })
    : spec;
  const response = await fetch(`${row.server.origin}${request.path}`, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body as string | undefined,
  });
  const body = await response.text();
  spec.onResponse?.(response.status, body);
  if (response.status === 404) return `${request.method} ${request.path} answers 404: not in this tree yet`;
  if (row.notServedYet?.(response.status, body))
    return `${request.method} ${request.path} answers ${response.status}: not in this tree yet`;
  if (response.status >= 300 || (row.verifyBody && !row.verifyBody(body))) {
    throw new Error(`probe of ${row.scenario} on ${row.target} failed: ${response.status} ${body.slice(0, 300)}`);
  }
  return undefined;
}

async function measureRow(row: Row, options: Options, seconds: number): Promise<Measurement> {
  if ('driver' in row) return row.driver.measure(seconds, backends);
  return measureLoad(row, options, seconds);
}

async function measureLoad(row: LoadRow, options: Options, seconds: number): Promise<Measurement> {
  row.chains?.beginRun();
  const measurement = await runLoad({
    target: row.server,
    connections: options.connections,
    durationSeconds: seconds,
    requestFor: row.requestFor,
    ...(row.verifyBody ? { verifyBody: row.verifyBody } : {}),
    ...(backends ? { backends } : {}),
  });
  await row.settle?.();
  return measurement;
}

function progress(rep: number, options: Options, row: Row, m: Measurement): string {
  const problems = m.responses - m.ok;
  return `[${rep}/${options.repetitions}] ${row.scenario.padEnd(14)} ${row.target.padEnd(20)} ${rate(m.reqPerSec).padStart(6)} ${rateUnit(row.scenario)}  p50 ${m.latencyMs.p50.toFixed(2)} ms  p99 ${m.latencyMs.p99.toFixed(2)} ms  ${Math.round(m.serverCpuMicrosPerRequest)} µs/req${m.postgresTransactionsPerRequest == null ? '' : `  ${m.postgresTransactionsPerRequest.toFixed(2)} xact/req`}  core ${Math.round(m.serverCoreBusy * 100)}%  gen ${Math.round(m.generatorCoreBusy * 100)}%${problems ? `  ${problems} not ok` : ''}`;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  let options: Options;
  try {
    options = parseOptions(argv, process.env);
  } catch (error) {
    log(`${(error as Error).message}\n\n${USAGE}`);
    return 64;
  }
  pinSelf(options);
  // Before the servers start, so every backend their pools open inherits the mask.
  postgresPinning =
    options.pinPostgres && os.cpus().length >= 2
      ? await pinPostgres(options.postgresUrl, options.generatorCore)
      : undefined;
  const postgresNote = postgresPinning?.note ?? 'PostgreSQL unpinned';
  log(postgresNote);
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'course-school-bench-'));
  log(`server logs in ${logDir}`);
  const timestamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');

  // The trees as the servers start from them: a commit made while the run goes on is not what ran.
  const treesAtStart = versions('', options.serverDir, options.baselineDir);
  const { servers } = await startServers(options, logDir);
  backends = createBackendLister(options.postgresUrl);
  const rows = buildRows(servers, {
    chainsPerConnection: options.chainsPerConnection,
    scenarios: options.scenarios,
    webhookPollMs: options.webhookPollMs,
    log,
  });
  for (const row of rows) if ('driver' in row) drivers.push(row.driver);
  const results = new Map<Row, RowResult>(
    rows.map((row) => [row, { scenario: row.scenario, target: row.target, runs: [] }]),
  );
  for (const row of rows) {
    const skipped = await probe(row);
    if (skipped) {
      results.get(row)!.skipped = skipped;
      log(`skipping ${row.scenario} on ${row.target}: ${skipped}`);
    }
  }

  const active = rows.filter((row) => !results.get(row)!.skipped);
  for (let rep = 1; rep <= options.repetitions; rep++) {
    for (const row of roundOrder(active, rep - 1)) {
      if (options.warmupSeconds > 0) await measureRow(row, options, options.warmupSeconds);
      const measurement = await measureRow(row, options, options.durationSeconds);
      results.get(row)!.runs.push(measurement);
      log(progress(rep, options, row, measurement));
    }
  }
  for (const row of rows) if ('chains' in row && row.chains) results.get(row)!.chains = row.chains.stats();

  const serverMemory = started.map((s) => ({
    name: s.child.name,
    vmHwmMiB: (processMemory(s.child.pid)?.hwm ?? 0) / 2 ** 20,
  }));
  const pgVersion = await postgresVersion(options.postgresUrl);
  await cleanup();

  const summaries = summarize([...results.values()], !options.smoke);
  const report: Report = {
    timestamp,
    mode: options.smoke ? 'smoke' : 'full',
    command: commandLine(argv),
    options,
    postgres: postgresNote,
    machine: machine(),
    versions: { ...treesAtStart, postgres: pgVersion },
    servers: serverMemory,
    ...(options.smoke ? {} : { peakRssCheck: judgePeakRss(serverMemory) }),
    summaries,
    rows: [...results.values()],
  };
  const dir = path.join(REPO_ROOT, 'bench');
  // A scale run measures its own small dataset (the twins); one without them is compared with the last full run.
  const small =
    options.scale && !hasSmallDatasetTwins(report) ? latestSmallDatasetReport(path.join(dir, 'results')) : undefined;
  const scaleSection = options.scale ? scaleComparison(report, small) : '';
  process.stdout.write(`\n${table(summaries)}\n\n${runTargetLines(report).join('\n')}\n${scaleSection}`);
  if (options.write) {
    mkdirSync(path.join(dir, 'results'), { recursive: true });
    const suffix = options.scale ? '-scale' : '';
    const jsonPath = path.join(dir, 'results', `${timestamp.replace(/[:.]/g, '-')}${suffix}.json`);
    writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(dir, `RESULTS${suffix}.md`), markdown(report) + scaleSection);
    log(`wrote bench/RESULTS${suffix}.md and ${path.relative(REPO_ROOT, jsonPath)}`);
  }
  const troubled = summaries.filter((s) => problemCount(s) > 0);
  for (const s of troubled)
    log(
      `problems in ${s.scenario} on ${s.target}: ${JSON.stringify({ ...s.problems, brokenChains: s.chains?.broken ?? 0 })}`,
    );
  return troubled.length ? 1 : 0;
}

main()
  .then((code) => process.exit(code))
  .catch(async (error: unknown) => {
    log(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await cleanup().catch(() => undefined);
    process.exit(1);
  });
