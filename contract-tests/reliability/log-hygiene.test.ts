// Logs hold no secret: with LOG_LEVEL=trace, after every flow (OAuth's, invitation links opened, accepted
// and declined, webhook secrets created and rotated, a member application's client secret made and
// rotated in the admin area) and a few refusals (where logs tend to say too much),
// the whole of stdout and stderr holds no token, code, secret, password or cookie value the test saw,
// and every line is JSON, with a request id on each line written while serving a request
// (docs/operations.md "Configuration": "credentials, cookies and secret query parameters are never written").
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { CLIENTS } from '../support/accounts.ts';
import { formsOf, runEveryFlow, type FlowRecord, type Seen } from './every-flow.ts';
import { DATABASE_URL, newKeyEncryptionKey, startInstance, type Instance } from './instance.ts';
import { runMemberApplicationFlows, runSecretLinkFlows } from './secret-link-flows.ts';

type Line = {
  level?: number;
  msg?: string;
  req?: { id?: string; url?: string; method?: string };
  res?: { statusCode?: number };
  // docs/operations.md "Reading the logs": what each request line says about the request.
  school?: string;
  school_id?: string;
  client_id?: string;
  operation?: string;
  graphql_operation?: string;
  mcp_method?: string;
  mcp_tool?: string;
  person_id?: string;
};

// Process lines, not request lines: start-up, shutdown and the background jobs (purge, outbox).
const LIFECYCLE = [
  'migrations applied',
  'demo schools seeded',
  'demo schools moved to the configured origins',
  'listening',
  'shutting down: finishing in-flight requests',
  'grace time over: closing remaining connections',
  'stopped',
  'purged expired rows',
  'purge failed; will retry',
  'metrics listening',
  'recording grant use failed; will retry',
  // The outbox (docs/operations.md "Mail"): each mail written as a file, outside any request.
  'mail written to a file (no SMTP_URL: docs/operations.md "Mail")',
];
const SECRET_PARAMETERS =
  /[?&](code|state|nonce|code_verifier|access_token|refresh_token|id_token|client_secret|password|token)=(?!\[masked\])[^&#]+/;

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** Refused requests carrying secrets of their own (RFC 6749 5.2; RFC 6750 2.3 and 3.1). */
async function refusals(origin: string, seen: Seen): Promise<void> {
  const wrongSecret = `wrong-secret-${randomBytes(16).toString('hex')}`;
  const bogus = `sca_${randomBytes(32).toString('base64url')}`;
  const inQuery = `sca_${randomBytes(32).toString('base64url')}`;
  const revokedRefresh = [...seen].find(([, kind]) => kind === 'refresh token')![0];
  seen.set(wrongSecret, 'client secret').set(bogus, 'access token').set(inQuery, 'access token');
  const token = await fetch(
    `${origin}/api/oauth/token`,
    form({
      grant_type: 'refresh_token',
      refresh_token: revokedRefresh,
      client_id: CLIENTS.confidentialMemberApp,
      client_secret: wrongSecret,
    }),
  );
  expect(token.status).toBe(401);
  expect((await fetch(`${origin}/api/oauth/userinfo`, { headers: { authorization: `Bearer ${bogus}` } })).status).toBe(
    401,
  );
  expect((await fetch(`${origin}/api/oauth/userinfo?access_token=${inQuery}`)).status).toBe(401);
  const graphql = await fetch(`${origin}/account/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bogus}`, 'content-type': 'application/json' },
    body: '{"query":"{ viewer { id } }"}',
  });
  expect(graphql.status).toBe(401);
  const mcp = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${bogus}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  });
  expect(mcp.status).toBe(401);
}

/** A logged URL with every level of percent-encoding undone (return_to nests a whole request). */
function decodedUrl(url: string): string {
  let decoded = url;
  for (let i = 0; i < 3; i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  return decoded;
}

describe('logs (docs/operations.md "Reading the logs")', () => {
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  let instance: Instance | undefined;
  let record: FlowRecord;
  let output: string;
  let lines: Line[];
  const callerRequestId = `reliability-${randomUUID()}`;

  beforeAll(async () => {
    // PGlite by default; the PostgreSQL pass checks that driver's logging too.
    scratch = DATABASE_URL ? await createScratchPostgresDatabase(DATABASE_URL) : undefined;
    instance = await startInstance(
      {
        LOG_LEVEL: 'trace',
        ...(scratch ? { DATABASE_URL: scratch.url, KEY_ENCRYPTION_KEY: newKeyEncryptionKey() } : {}),
      },
      { readyMs: 120_000 },
    );
    record = await runEveryFlow(instance.origin);
    await runSecretLinkFlows(instance.origin, record.seen, path.join(instance.dataDir, 'mail'));
    await runMemberApplicationFlows(instance.origin, record.seen);
    await refusals(instance.origin, record.seen);
    const echoed = await fetch(`${instance.origin}/api/v1/catalog/courses`, {
      headers: { 'x-request-id': callerRequestId },
    });
    expect(echoed.headers.get('x-request-id')).toBe(callerRequestId);
    await instance.stop(); // flushes the log and adds the shutdown lines
    output = `${instance.stdout()}\n${instance.stderr()}`;
    lines = output
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        try {
          return JSON.parse(line) as Line;
        } catch {
          return { msg: `NOT JSON: ${line.slice(0, 120)}` };
        }
      });
  }, 150_000);

  afterAll(async () => {
    await instance?.stop();
    await scratch?.drop();
  });

  it('holds no token, code, client secret, password or cookie value the test saw, nor a PKCE verifier, webhook secret or invitation link secret, whole or as its base64url body', () => {
    expect(lines.length).toBeGreaterThan(30);
    expect(record.seen.size).toBeGreaterThan(20);
    const found: string[] = [];
    for (const [value, kind] of record.seen)
      for (const f of formsOf(value)) if (output.includes(f)) found.push(`${kind} ${f.slice(0, 10)}…`);
    expect(found).toEqual([]);
  });

  it('every line is JSON; every line written while serving a request carries the request id sent as X-Request-Id (docs/operations.md "Reading the logs")', () => {
    expect(lines.filter((line) => line.msg?.startsWith('NOT JSON'))).toEqual([]);
    const withoutId = lines.filter((line) => !line.req?.id).map((line) => line.msg);
    expect(withoutId.filter((msg) => !LIFECYCLE.includes(msg ?? ''))).toEqual([]);
    const logged = new Set(lines.map((line) => line.req?.id));
    for (const id of [...record.steps, callerRequestId])
      expect(logged.has(id), `request id ${id} not in the log`).toBe(true);
  });

  it('every request line names its school and operation; a token\'s request names its client and person; GraphQL and MCP lines name their operation, method and tool (docs/operations.md "Reading the logs")', () => {
    const requestLines = lines.filter((line) => line.res?.statusCode !== undefined && line.req?.url);
    expect(requestLines.length).toBeGreaterThan(30);
    const unnamed = requestLines
      .filter((line) => !line.operation)
      .map((line) => `${line.req!.method} ${line.req!.url}`);
    expect(unnamed).toEqual([]);
    // Every origin of this instance is a demo school (the probes of readiness name none: site-free).
    expect(
      requestLines
        .filter((line) => !line.school && line.operation !== 'getReadiness' && line.operation !== 'getHealth')
        .map((line) => line.req!.url),
    ).toEqual([]);
    const at = (path: string, status: number) =>
      requestLines.filter((line) => line.req!.url!.split('?')[0] === path && line.res!.statusCode === status);
    const tokens = at('/api/oauth/token', 200);
    expect(tokens.length).toBeGreaterThan(0);
    for (const line of tokens)
      expect(line).toMatchObject({ operation: 'token', school: 'demo-academy', client_id: expect.any(String) });
    expect(tokens.map((line) => line.client_id)).toContain(record.registeredClientId);
    expect(tokens.map((line) => line.client_id)).toContain(CLIENTS.confidentialMemberApp);
    const [graphql] = at('/account/graphql', 200);
    expect(graphql).toMatchObject({
      operation: 'graphql',
      graphql_operation: '(anonymous)',
      client_id: CLIENTS.confidentialMemberApp,
      person_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      school_id: expect.any(String),
    });
    const [mcp] = at('/mcp', 200);
    expect(mcp).toMatchObject({
      operation: 'mcp',
      mcp_method: 'tools/call',
      mcp_tool: 'my_enrolled_courses',
      client_id: CLIENTS.confidentialMemberApp,
      person_id: graphql!.person_id,
    });
    const [userinfo] = at('/api/oauth/userinfo', 200);
    expect(userinfo).toMatchObject({
      operation: 'userinfo',
      person_id: graphql!.person_id,
      client_id: CLIENTS.confidentialMemberApp,
    });
    expect(at('/oauth/sign-in', 200)[0]).toMatchObject({ operation: 'getSignInPage' });
  });

  it('the level follows the outcome: 5xx error, 404 and a challenge to a request without credentials info, other 4xx warn, the rest info (docs/operations.md "Reading the logs")', () => {
    const requestLines = lines.filter((line) => line.res?.statusCode !== undefined);
    const wrong = requestLines.filter((line) => {
      const status = line.res!.statusCode!;
      if (status >= 500) return line.level !== 50;
      if (status === 404) return line.level !== 30;
      if (status === 401) return line.level !== 30 && line.level !== 40;
      if (status >= 400) return line.level !== 40;
      return line.level !== 30;
    });
    expect(wrong.map((line) => `${line.level} ${line.res!.statusCode} ${line.req?.url}`)).toEqual([]);
    // The refusals of this suite sent bad credentials: warn. (A missing token's challenge is info, unit-tested in
    // src/http/logging.test.ts.)
    const badToken = requestLines.filter(
      (line) => line.req?.url === '/api/oauth/userinfo' && line.res!.statusCode === 401,
    );
    expect(badToken.length).toBeGreaterThan(0);
    expect(badToken.every((line) => line.level === 40)).toBe(true);
  });

  it('has an access line for every endpoint the flows used', () => {
    const paths = new Set(lines.map((line) => line.req?.url?.split('?')[0]));
    for (const path of [
      '/oauth/sign-in',
      '/oauth/authorize',
      '/api/oauth/register',
      '/api/oauth/token',
      '/api/oauth/userinfo',
      '/api/oauth/introspect',
      '/api/oauth/revoke',
      '/account/graphql',
      '/mcp',
    ])
      expect(paths.has(path), path).toBe(true);
  });

  // The sign-in page's return_to carries the whole authorization request percent-encoded
  // (`/oauth/sign-in?return_to=...%26state%3D<value>%26nonce%3D<value>`): masked too.
  it('masks secret query parameters even when nested and percent-encoded, as in the sign-in return_to (docs/operations.md "Reading the logs")', () => {
    const urls = lines.map((line) => line.req?.url ?? '');
    expect(
      urls.filter((url) => url.startsWith('/oauth/sign-in?return_to=')).length,
      'the flows passed through the sign-in page with a return_to',
    ).toBeGreaterThan(0);
    const clear = urls.filter((url) => SECRET_PARAMETERS.test(decodedUrl(url)));
    expect(clear).toEqual([]);
  });
});
