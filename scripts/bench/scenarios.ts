// What the load sends: one row per (scenario, server). The same scenario on our service and on
// oidc-provider sends the equivalent request to each one's endpoint, with the same generator
// settings; the hello-world row is the ceiling the others are divided by. The webhooks row has a
// driver of its own (webhooks/driver.ts): it counts events delivered, not responses.
import type { OidcFixtures } from './oidc-provider/fixtures.ts';
import type { OurFixtures } from './fixtures/ours.ts';
import { DEMO } from './fixtures/ours.ts';
import { basicAuth } from './fixtures/browser-flow.ts';
import { CLIENT as OIDC_CLIENT } from './oidc-provider/configuration.ts';
import type { BackendLister } from './database.ts';
import type { Measurement, RequestSpec } from './load.ts';
import { waitForQuiet, type LoadTarget } from './meter.ts';
import { ChainPool, refreshOnce } from './refresh-chains.ts';
import { BURST_DELIVERIES, BURST_ENDPOINTS, createWebhookBurstDriver } from './webhooks/burst.ts';
import { createWebhookDriver } from './webhooks/driver.ts';

export const SCENARIOS = [
  'hello-world',
  'refresh',
  'introspection',
  'userinfo',
  'discovery',
  'graphql-viewer',
  'mcp-anonymous',
  'mcp-member',
  'mcp-member-2026',
  'admin-list',
  'webhooks',
  'webhooks-burst',
] as const;
export type ScenarioId = (typeof SCENARIOS)[number];
/**
 * `baseline`: our service from another checkout (--baseline-dir), on the same rows as ours.
 * `ours-small`, `baseline-small`: with --scale only, the same two on the small dataset, measured in
 * the same run as the large one (SMALL_DATASET_TWINS).
 */
export const TARGETS = [
  'hello-world',
  'ours',
  'ours-small',
  'baseline',
  'baseline-small',
  'oidc-provider-memory',
  'oidc-provider-pg',
] as const;
export type TargetId = (typeof TARGETS)[number];

/**
 * In a --scale run, `ours` and `baseline` hold the large dataset, and each has a twin from the same
 * checkout on the small one, interleaved in the same rounds, so that the share of its small-dataset
 * ratio a row keeps is measured within one run (scale-report.ts) rather than across two runs made
 * on different days, whose difference was mostly the machine's (bench/FINDINGS.md "Twins in the same run").
 */
export const SMALL_DATASET_TWINS = { ours: 'ours-small', baseline: 'baseline-small' } as const satisfies Partial<
  Record<TargetId, TargetId>
>;
/** Our service's targets: this tree's, the baseline's, and their twins. */
export type OurTargetId =
  keyof typeof SMALL_DATASET_TWINS | (typeof SMALL_DATASET_TWINS)[keyof typeof SMALL_DATASET_TWINS];

/** Whether a target is a small-dataset twin (it holds the fixtures alone, and only --scale starts it). */
export const isSmallDatasetTwin = (target: TargetId): boolean =>
  (Object.values(SMALL_DATASET_TWINS) as TargetId[]).includes(target);

export const SCENARIO_TITLES: Record<ScenarioId, string> = {
  'hello-world': 'express hello-world JSON (ceiling)',
  refresh: 'token: refresh_token grant, rotation',
  introspection: 'introspection (RFC 7662)',
  userinfo: 'UserInfo',
  discovery: 'authorization server metadata',
  'graphql-viewer': '/account/graphql viewer query',
  'mcp-anonymous': '/mcp tools/call search_catalog (anonymous)',
  'mcp-member': '/mcp tools/call my_enrolled_courses (member)',
  'mcp-member-2026': '/mcp tools/call my_enrolled_courses (member, MCP 2026-07-28)',
  'admin-list': 'GET /api/v1/courses (operator)',
  webhooks: 'webhooks: course publish/archive → loopback receiver (events/s; delay commit → receipt)',
  'webhooks-burst': `webhooks burst: ${BURST_DELIVERIES} deliveries to ${BURST_ENDPOINTS} endpoints at once (deliveries/s; delay commit → receipt)`,
};

/**
 * Rows whose figures have no counterpart in the hello-world ceiling: the webhooks row counts events
 * a worker delivered after a poll, not responses to requests, so a ratio to the ceiling would mean
 * nothing. They get no ratios and no targets.
 */
export const WITHOUT_CEILING: readonly ScenarioId[] = ['webhooks', 'webhooks-burst'];

/** Rows that run on an instance of their own whose worker may post to loopback (servers.ts startOursForWebhooks). */
export const WEBHOOK_SCENARIOS: readonly ScenarioId[] = ['webhooks', 'webhooks-burst'];

/** What a row's rate counts (the progress lines and the report). */
export const rateUnit = (scenario: ScenarioId): string => (WEBHOOK_SCENARIOS.includes(scenario) ? 'events/s' : 'req/s');

/** The viewer query of the graphql-viewer row (bench/README.md, "What runs"). */
export const VIEWER_QUERY =
  '{ viewer { id email enrolledCourses(first: 10) { nodes { slug expireDate hasLifetimeAccess lastWatchedLecture { lectureId positionSeconds } } } } }';

/**
 * The page size of the rows that read the catalog (admin list, anonymous search): the demo
 * school's five courses, so that a page holds the same rows on the small dataset and on the large
 * one, where 200 more courses would otherwise make each page two or four times longer (bench/README.md,
 * "The large dataset").
 */
const CATALOG_PAGE = 5;

/** A row measured by its own driver instead of autocannon. */
export type RowDriver = {
  /** Before any load: a reason to skip the row (not in this tree), or undefined; throws when the row is broken. */
  prepare(): Promise<string | undefined>;
  measure(seconds: number, backends: BackendLister | undefined): Promise<Measurement>;
  close(): Promise<void>;
};

type RowOf = { scenario: ScenarioId; target: TargetId; server: LoadTarget };

/** A row of requests that autocannon sends. */
export type LoadRow = RowOf & {
  requestFor: (connection: number) => RequestSpec;
  verifyBody?: (body: string) => boolean;
  /** An answer saying the tree does not serve this row yet (an older --baseline-dir): the row is skipped there. */
  notServedYet?: (status: number, body: string) => boolean;
  chains?: ChainPool;
  /** Resolves chains left in flight when a run stops (refresh rows only). */
  settle?: () => Promise<void>;
};

export type DrivenRow = RowOf & { driver: RowDriver };

export type Row = LoadRow | DrivenRow;

export type RunningServers = {
  hello?: LoadTarget;
  ours?: LoadTarget & { fixtures: OurFixtures };
  /** Our service from the --baseline-dir checkout, with a database and fixtures of its own. */
  baseline?: LoadTarget & { fixtures: OurFixtures };
  /** With --scale: the twins of ours and the baseline on the small dataset (SMALL_DATASET_TWINS). */
  oursSmall?: LoadTarget & { fixtures: OurFixtures };
  baselineSmall?: LoadTarget & { fixtures: OurFixtures };
  oidcMemory?: LoadTarget & { fixtures: OidcFixtures };
  oidcPg?: LoadTarget & { fixtures: OidcFixtures };
  /** Our service in development mode, whose worker may post to loopback (servers.ts startOursForWebhooks). */
  oursWebhooks?: LoadTarget;
  /** The same from the --baseline-dir checkout. */
  baselineWebhooks?: LoadTarget;
};

const FORM = 'application/x-www-form-urlencoded';
const roundRobin = (values: string[], i: number) => values[i % values.length]!;
const has = (needle: string) => (body: string) => body.includes(needle);
const mcpOk = (body: string) => body.includes('"result"') && !body.includes('"isError":true');

/** A tools/call as a 2025-11-25 client sends it, or as a 2026-07-28 one does (the `_meta` envelope and the standard headers). */
function mcpCall(
  name: string,
  token?: string,
  args: Record<string, unknown> = {},
  revision: '2025-11-25' | '2026-07-28' = '2025-11-25',
): RequestSpec {
  const modern = revision === '2026-07-28';
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': revision,
    'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  return {
    method: 'POST',
    path: '/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': revision,
      ...(modern ? { 'mcp-method': 'tools/call', 'mcp-name': name } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args, ...(modern ? { _meta: envelope } : {}) },
    }),
  };
}

function refreshRow(
  target: TargetId,
  server: LoadTarget,
  tokenPath: string,
  authorization: string,
  tokens: string[],
  perConnection: number,
): LoadRow {
  const chains = new ChainPool(tokens, perConnection);
  const base = { method: 'POST' as const, path: tokenPath, headers: { authorization, 'content-type': FORM } };
  return {
    scenario: 'refresh',
    target,
    server,
    chains,
    requestFor: () =>
      chains.connectionSpec(base, (token) => `grant_type=refresh_token&refresh_token=${encodeURIComponent(token)}`),
    settle: async () => {
      // Let the server finish what it had read before the generator hung up, then retry.
      await waitForQuiet(server.pid);
      await chains.settle((token) => refreshOnce(`${server.origin}${tokenPath}`, authorization, token));
    },
  };
}

/** The rows of our service, from this tree (ours) or from the baseline checkout (the same requests). */
function ourRows(target: OurTargetId, server: NonNullable<RunningServers['ours']>, perConnection: number): LoadRow[] {
  const { fixtures } = server;
  const client = basicAuth(DEMO.confidentialClient.id, DEMO.confidentialClient.secret);
  const bearer = (i: number) => ({ authorization: `Bearer ${roundRobin(fixtures.accessTokens, i)}` });
  return [
    refreshRow(target, server, '/api/oauth/token', client, fixtures.refreshTokens, perConnection),
    {
      scenario: 'introspection',
      target,
      server,
      requestFor: (i) => ({
        method: 'POST',
        path: '/api/oauth/introspect',
        headers: { authorization: client, 'content-type': FORM },
        body: `token=${roundRobin(fixtures.accessTokens, i)}`,
      }),
      verifyBody: has('"active":true'),
    },
    {
      scenario: 'userinfo',
      target,
      server,
      requestFor: (i) => ({ method: 'GET', path: '/api/oauth/userinfo', headers: bearer(i) }),
      verifyBody: has('"sub"'),
    },
    {
      scenario: 'discovery',
      target,
      server,
      requestFor: () => ({ method: 'GET', path: '/.well-known/oauth-authorization-server', headers: {} }),
      verifyBody: has('"issuer"'),
    },
    {
      scenario: 'graphql-viewer',
      target,
      server,
      requestFor: (i) => ({
        method: 'POST',
        path: '/account/graphql',
        headers: {
          ...bearer(i),
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
        },
        body: JSON.stringify({ query: VIEWER_QUERY }),
      }),
      verifyBody: (body) => body.includes('"viewer"') && !body.includes('"errors"'),
    },
    {
      scenario: 'mcp-anonymous',
      target,
      server,
      requestFor: () => mcpCall('search_catalog', undefined, { limit: CATALOG_PAGE }),
      verifyBody: mcpOk,
    },
    {
      scenario: 'mcp-member',
      target,
      server,
      requestFor: (i) => mcpCall('my_enrolled_courses', roundRobin(fixtures.accessTokens, i)),
      verifyBody: mcpOk,
    },
    {
      scenario: 'mcp-member-2026',
      target,
      server,
      requestFor: (i) => mcpCall('my_enrolled_courses', roundRobin(fixtures.accessTokens, i), {}, '2026-07-28'),
      verifyBody: (body) => mcpOk(body) && body.includes('"resultType":"complete"'),
      // A tree on the v1 SDK refuses the revision (400 "Unsupported protocol version").
      notServedYet: (status, body) => status === 400 && body.includes('Unsupported protocol version'),
    },
    {
      scenario: 'admin-list',
      target,
      server,
      requestFor: () => ({
        method: 'GET',
        path: `/api/v1/courses?limit=${CATALOG_PAGE}`,
        headers: { authorization: `Bearer ${fixtures.operatorToken}` },
      }),
      verifyBody: has('"data"'),
    },
  ];
}

function oidcRows(target: TargetId, server: LoadTarget & { fixtures: OidcFixtures }, perConnection: number): LoadRow[] {
  const { fixtures } = server;
  const client = basicAuth(OIDC_CLIENT.id, OIDC_CLIENT.secret);
  return [
    refreshRow(target, server, '/token', client, fixtures.refreshTokens, perConnection),
    {
      scenario: 'introspection',
      target,
      server,
      requestFor: (i) => ({
        method: 'POST',
        path: '/token/introspection',
        headers: { authorization: client, 'content-type': FORM },
        body: `token=${roundRobin(fixtures.resourceAccessTokens, i)}`,
      }),
      verifyBody: has('"active":true'),
    },
    {
      scenario: 'userinfo',
      target,
      server,
      requestFor: (i) => ({
        method: 'GET',
        path: '/me',
        headers: { authorization: `Bearer ${roundRobin(fixtures.userinfoAccessTokens, i)}` },
      }),
      verifyBody: has('"sub"'),
    },
    // oidc-provider serves only the OpenID Connect discovery document (RFC 8414's is not routed).
    {
      scenario: 'discovery',
      target,
      server,
      requestFor: () => ({ method: 'GET', path: '/.well-known/openid-configuration', headers: {} }),
      verifyBody: has('"issuer"'),
    },
  ];
}

/** Every row the running servers can serve, in the round-robin order of the first repetition (roundOrder rotates it). */
export function buildRows(
  servers: RunningServers,
  options: {
    chainsPerConnection: number;
    scenarios: readonly ScenarioId[];
    webhookPollMs: number | null;
    log: (line: string) => void;
  },
): Row[] {
  const rows: Row[] = [];
  if (servers.hello)
    rows.push({
      scenario: 'hello-world',
      target: 'hello-world',
      server: servers.hello,
      requestFor: () => ({ method: 'GET', path: '/', headers: {} }),
      verifyBody: has('"hello"'),
    });
  if (servers.ours) rows.push(...ourRows('ours', servers.ours, options.chainsPerConnection));
  if (servers.oursSmall) rows.push(...ourRows('ours-small', servers.oursSmall, options.chainsPerConnection));
  if (servers.baseline) rows.push(...ourRows('baseline', servers.baseline, options.chainsPerConnection));
  if (servers.baselineSmall)
    rows.push(...ourRows('baseline-small', servers.baselineSmall, options.chainsPerConnection));
  if (servers.oidcMemory)
    rows.push(...oidcRows('oidc-provider-memory', servers.oidcMemory, options.chainsPerConnection));
  if (servers.oidcPg) rows.push(...oidcRows('oidc-provider-pg', servers.oidcPg, options.chainsPerConnection));
  for (const [target, server] of [
    ['ours', servers.oursWebhooks],
    ['baseline', servers.baselineWebhooks],
  ] as const) {
    if (!server) continue;
    rows.push({
      scenario: 'webhooks',
      target,
      server,
      driver: createWebhookDriver(server, { pollMs: options.webhookPollMs, log: options.log }),
    });
    rows.push({ scenario: 'webhooks-burst', target, server, driver: createWebhookBurstDriver(server, options) });
  }
  // The ceiling is always measured: every ratio needs it. Ordered by scenario, so one scenario's
  // servers run back to back and whatever drifts during a repetition hits them alike.
  return rows
    .filter((row) => row.scenario === 'hello-world' || options.scenarios.includes(row.scenario))
    .sort(
      (a, b) =>
        SCENARIOS.indexOf(a.scenario) - SCENARIOS.indexOf(b.scenario) ||
        TARGETS.indexOf(a.target) - TARGETS.indexOf(b.target),
    );
}

/**
 * The rows of one repetition: buildRows's order, each scenario's servers rotated by the repetition's
 * index, so that no server always runs first (or last) of its scenario. The first row after a
 * change of scenario measured slower: discovery, which reads no data, ran 8% slower on ours on the
 * large dataset (first) than on its small-dataset twin (second) in the same round
 * (bench/FINDINGS.md "Rotated round order"); a fixed order charged that to the same server in every round.
 */
export function roundOrder<R extends { scenario: ScenarioId }>(rows: readonly R[], repetition: number): R[] {
  const groups: R[][] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last[0]!.scenario === row.scenario) last.push(row);
    else groups.push([row]);
  }
  return groups.flatMap((group) => {
    const shift = repetition % group.length;
    return [...group.slice(shift), ...group.slice(0, shift)];
  });
}
