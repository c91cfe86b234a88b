// dredd against the school's own /openapi.json: every documented response of
// every operation that dredd compiles is requested and checked (status, headers, and JSON bodies
// against their schemas), with tokens and fixture ids supplied by the hooks in this folder.
// dredd runs as a child process on this Node (process.execPath); its hooks read what this test
// arranges from a JSON file named by DREDD_CONTEXT and write the outcome to DREDD_RESULTS.
import SwaggerParser from '@apidevtools/swagger-parser';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/lib/body-limit.ts';
import { OPERATOR_SCOPES } from '../../src/services/auth/scopes.ts';
import { ACCOUNTS, CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { authorizeInBrowser, discover, registerLoopbackClient } from '../support/oauth-flow.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';
import { arrangeFixtures } from './fixtures.ts';

const origin = inject('primaryOrigin');
const root = path.resolve(import.meta.dirname, '../..');
const here = path.join(root, 'contract-tests/dredd');

/** Documented responses dredd 14 cannot turn into a transaction, each with the reason. */
const NOT_COMPILED: Record<string, string> = {
  // Its content is keyed `*/*`, a media range the OpenAPI 3 parser rejects ("media type '*/*' is
  // invalid"); contract-tests/admin/storage.test.ts downloads uploaded files instead.
  'getFile 200': 'content */* is not a media type dredd accepts',
};

/** Fewer passing transactions than this means the hooks lost track of the document. */
const MIN_PASSED = 600;

type Result = {
  name: string;
  operationId?: string;
  status: string;
  mediaType?: string;
  bodyChecked: boolean;
  result: 'pass' | 'fail' | 'skip' | 'error';
  reason?: string;
  request: string;
  actualStatus?: number;
  message?: string;
  actualBody?: string;
};

/**
 * The OAuth state of the consent and token transactions: a registered client without a grant yet
 * (so authorize shows the consent page), the PKCE pair of its request, and the owner's signed-in
 * browser session, from consenting once for another client the way a browser does.
 */
async function oauthState() {
  const as = await discover(origin);
  const redirectUri = 'http://127.0.0.1:8765/callback';
  const client = await registerLoopbackClient(as, { client_name: 'Dredd agent' });
  const other = await registerLoopbackClient(as, { client_name: 'Dredd session agent' });
  const signedIn = await authorizeInBrowser(as, {
    clientId: other.client_id,
    redirectUri,
    scope: 'courses:read',
    email: ACCOUNTS.owner,
  });
  const codeVerifier = oauth.generateRandomCodeVerifier();
  return {
    clientId: client.client_id,
    redirectUri,
    codeVerifier,
    codeChallenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    confidentialClientId: CLIENTS.confidentialMemberApp,
    session: signedIn.jar.header(origin),
  };
}

type Operation = {
  description?: string;
  tags?: string[];
  responses?: Record<string, Response>;
  requestBody?: { content: Record<string, MediaType> };
};
type Response = {
  description?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, { schema?: unknown; description?: string }>;
};
type MediaType = { schema?: unknown; example?: unknown; examples?: unknown };

/**
 * The copy dredd compiles its transactions from: the same paths, operations, parameters, request
 * examples, status codes, media types and header names, without schemas, response examples and
 * prose. dredd 14's OpenAPI 3 parser checks nothing with the schemas (it compiles no body schema)
 * yet spends about a minute turning the hundreds of inlined copies into data structures; the hooks
 * validate bodies against the full document's schemas instead. The test below checks that every
 * documented response still became a transaction.
 */
function forDredd(document: object): unknown {
  const copy = structuredClone(document) as { tags?: unknown; paths: Record<string, Record<string, unknown>> };
  delete copy.tags;
  for (const item of Object.values(copy.paths)) {
    for (const [key, value] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(key)) continue;
      const operation = value as Operation;
      delete operation.description;
      delete operation.tags;
      for (const media of Object.values(operation.requestBody?.content ?? {})) delete media.schema;
      for (const response of Object.values(operation.responses ?? {})) {
        response.description = '';
        for (const media of Object.values(response.content ?? {}))
          for (const field of ['schema', 'example', 'examples'] as const) delete media[field];
        for (const header of Object.values(response.headers ?? {})) {
          delete header.schema;
          delete header.description;
        }
      }
    }
  }
  return copy;
}

function runDredd(
  apiPath: string,
  contextPath: string,
  resultsPath: string,
  reportPath: string,
): Promise<{ code: number | null; output: string }> {
  const args = [
    '--require',
    path.join(here, 'shared-descriptions.cjs'),
    path.join(root, 'node_modules/dredd/bin/dredd'),
    apiPath,
    origin,
    '--hookfiles',
    path.join(here, 'hooks.cjs'),
    '--reporter',
    'xunit',
    '--output',
    reportPath,
    '--loglevel',
    'error',
    '--no-color',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, DREDD_CONTEXT: contextPath, DREDD_RESULTS: resultsPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

describe('dredd against /openapi.json (every documented response, as documented)', () => {
  let documented: string[];
  let results: Result[];
  let output: string;
  let exitCode: number | null;

  // The context file holds tokens: it lives in a scratch folder removed after the run.
  let dir: string;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dredd-'));
    const document = await (await fetch(`${origin}/openapi.json`)).json();
    expect(document.servers[0].url).toBe(origin);
    // dredd's OpenAPI 3 parser follows only `#/components/...` references; the bundle also points
    // into `#/paths/...`, so dredd reads a fully dereferenced copy.
    const dereferenced = await SwaggerParser.dereference(document);
    documented = Object.values(dereferenced.paths ?? {}).flatMap((item) =>
      (['get', 'put', 'post', 'patch', 'delete'] as const).flatMap((method) => {
        const operation = item?.[method];
        // One transaction per media type of a response (a 403 may be a bearer challenge or a problem).
        return operation
          ? Object.entries(operation.responses ?? {}).flatMap(([status, response]) =>
              Array.from(
                { length: Math.max(1, Object.keys((response as { content?: object }).content ?? {}).length) },
                () => `${operation.operationId} ${status}`,
              ),
            )
          : [];
      }),
    );
    const apiPath = path.join(dir, 'openapi.json');
    writeFileSync(apiPath, JSON.stringify(dereferenced));
    const dreddPath = path.join(dir, 'openapi.dredd.json');
    writeFileSync(dreddPath, JSON.stringify(forDredd(dereferenced)));

    // Admin operations get a token holding every operator scope; UserInfo a member token.
    const operator = await operatorToken(origin, OPERATOR_SCOPES.join(' '));
    const fixtures = await arrangeFixtures(adminClient(origin, operator));
    const context = {
      origin,
      apiPath,
      tokens: {
        operator,
        identity: await operatorToken(origin, 'openid'),
        // An admin (not an owner) for the changes only owners may make (403 owner-required).
        admin: await operatorToken(origin, 'school:read school:write', ACCOUNTS.admin),
        member: await memberToken(origin, 'openid profile email account:read'),
      },
      oauth: await oauthState(),
      credentials: { email: ACCOUNTS.admin, password: DEMO_PASSWORD },
      // A student, whom an operator client's authorization request shows the refusal page (authorize 403).
      studentEmail: ACCOUNTS.student,
      // UPLOAD_MAX_BYTES of the server under test (its default unless a deployment says otherwise).
      uploadMaxBytes: Number(process.env.CONTRACT_UPLOAD_MAX_BYTES ?? 10_485_760),
      // The JSON and form body limit (src/lib/body-limit.ts), for the 413 of every operation with a body.
      bodyLimitBytes: BODY_LIMIT_BYTES,
      ...fixtures,
    };
    const contextPath = path.join(dir, 'context.json');
    writeFileSync(contextPath, JSON.stringify(context));

    // The JUnit (xunit) report and the per-transaction outcome stay next to vitest's own report.
    const reports = path.join(root, 'contract-tests/reports');
    mkdirSync(reports, { recursive: true });
    const resultsPath = path.join(reports, 'dredd-results.json');
    rmSync(resultsPath, { force: true });
    ({ code: exitCode, output } = await runDredd(
      dreddPath,
      contextPath,
      resultsPath,
      path.join(reports, 'dredd-junit.xml'),
    ));
    try {
      results = JSON.parse(readFileSync(resultsPath, 'utf8')) as Result[];
    } catch {
      throw new Error(`dredd wrote no results (exit ${exitCode}):\n${output.slice(-4000)}`);
    }
  }, 240_000);

  it('turns every documented response into a transaction', () => {
    const compiled = new Set(results.map((r) => `${r.operationId} ${r.status}`));
    expect(documented.filter((response) => !compiled.has(response))).toEqual(Object.keys(NOT_COMPILED));
    expect(results.length).toBe(documented.length - Object.keys(NOT_COMPILED).length);
  });

  it('every transaction dredd sent passed: status, headers and JSON body against its schema', () => {
    const failed = results.filter((r) => r.result === 'fail' || r.result === 'error');
    expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
    expect(exitCode, output.slice(-4000)).toBe(0);
  });

  it('checked every JSON body it received against the schema of its response', () => {
    const json = results.filter(
      (r) => r.result === 'pass' && /^application\/(?:[\w.+-]+\+)?json$/.test(r.mediaType ?? ''),
    );
    expect(json.length).toBeGreaterThan(0);
    expect(json.filter((r) => !r.bodyChecked).map((r) => r.name)).toEqual([]);
  });

  it(`tested at least ${MIN_PASSED} transactions rather than skipping them`, () => {
    expect(results.filter((r) => r.result === 'pass').length).toBeGreaterThanOrEqual(MIN_PASSED);
  });

  it('skips only transactions that cannot run black-box in one pass, each with its reason', () => {
    const skipped = results.filter((r) => r.result === 'skip');
    expect(skipped.filter((r) => !r.reason)).toEqual([]);
    // A new skip needs its reason in hooks.cjs and a second look at this ceiling. Five are the
    // recorded orders (a first recording, its retry, another body under its external_id), refunds
    // and new subscriptions that would change the seeded commerce data other suites read (driven on
    // an instance of its own by contract-tests/admin/order-writes.test.ts); five are the webhook
    // limits (/webhooks.md "Limits"), reached on an instance of its own by
    // contract-tests/webhooks/endpoint-limits.test.ts; two are the end-session endpoint's sign-in
    // limit per address, reached on an instance of its own by contract-tests/oauth/backchannel-logout.test.ts;
    // four are the 422s of inviting and resending where the service sends no mail (docs/operations.md
    // "Mail"), driven on a production instance of its own by contract-tests/identity/mail-not-configured.test.ts;
    // two are the revocation and introspection endpoints' failed client authentication limit, reached by
    // contract-tests/reliability/guessing-limits.test.ts from addresses of its own.
    expect(skipped.length).toBeLessThanOrEqual(28);
  });
});
