// The audit log: after every flow ran against its own instance, audit_events says who did
// what, when and from where for sign-in failures, consents, token issuance, revocations and client
// registrations and changes. PostgreSQL only: the test reads the table with its own connection.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import * as oauth from 'oauth4webapi';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { ACCOUNTS, CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, exchangeCode, insecure } from '../support/oauth-flow.ts';
import { runEveryFlow, type FlowRecord } from './every-flow.ts';
import { DATABASE_URL, newKeyEncryptionKey, skipWithoutPostgres, startInstance, type Instance } from './instance.ts';

type AuditRow = {
  action: string;
  site_origin: string | null;
  actor_email: string | null;
  actor_client_id: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  created_at: Date;
};

const LOOPBACK = /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/;
const ROOT = path.resolve(import.meta.dirname, '..', '..');

async function readAuditEvents(url: string): Promise<AuditRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<AuditRow>(
      `select a.action, s.origin as site_origin, p.email as actor_email, a.actor_client_id, a.target_type, a.target_id, a.details, a.ip, a.created_at
         from audit_events a left join sites s on s.id = a.site_id left join people p on p.id = a.actor_person_id
        order by a.created_at`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** RFC 6749 4.1.2: the member's code, used a second time, is refused and ends its grant. */
async function replayMemberCode(origin: string, record: FlowRecord) {
  const at = Date.now();
  const basic = `Basic ${Buffer.from(`${CLIENTS.confidentialMemberApp}:${CLIENTS.confidentialSecret}`).toString('base64')}`;
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const { code, codeVerifier, redirectUri, refreshToken } = record.member;
  const active = async () =>
    (await (await post('/api/oauth/introspect', { token: refreshToken })).json()).active as boolean;
  const activeBefore = await active();
  const response = await post('/api/oauth/token', {
    grant_type: 'authorization_code',
    code,
    code_verifier: codeVerifier,
    redirect_uri: redirectUri,
    resource: origin,
  });
  const error = (await response.json()).error as string;
  return { at, status: response.status, error, refreshActive: [activeBefore, await active()] };
}

/**
 * RFC 9700 4.14.2: a rotated refresh token presented again (the instance runs with
 * REFRESH_REUSE_GRACE_SECONDS=0, so no retry window) is refused and ends its grant.
 */
async function reuseRotatedRefreshToken(origin: string) {
  const as = await discover(origin);
  const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
  const redirectUri = 'http://127.0.0.1:43192/callback';
  const outcome = await authorizeInBrowser(as, {
    clientId: client.client_id,
    redirectUri,
    scope: 'openid account:read',
    resource: origin,
    email: ACCOUNTS.student2,
  });
  const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
  await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
  );
  await new Promise((r) => setTimeout(r, 1_100)); // past a zero-second grace window on any clock
  const at = Date.now();
  const reuse = await fetch(`${origin}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: client.client_id,
    }).toString(),
  });
  return { at, status: reuse.status, error: ((await reuse.json()) as { error: string }).error };
}

/** Signs a browser in at the school (the sign-in page with its CSRF double-submit cookie). */
async function signedInBrowser(origin: string, email: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const fields = formFields(await (await browserFetch(jar, `${origin}/oauth/sign-in`)).text());
  const signedIn = await browserFetch(jar, `${origin}/oauth/sign-in`, {
    form: { ...fields, email, password: DEMO_PASSWORD },
  });
  expect(signedIn.status).toBe(303);
  return jar;
}

/**
 * Changes made in the areas, as people make them: an owner creates an OAuth application in the
 * admin area; a member revokes an application's access in the account area.
 */
async function changeInTheAreas(origin: string) {
  const owner = await signedInBrowser(origin, ACCOUNTS.owner);
  const form = formFields(await (await browserFetch(owner, `${origin}/admin/applications/new`)).text());
  const created = await browserFetch(owner, `${origin}/admin/applications`, {
    form: {
      csrf_token: form.csrf_token!,
      name: 'Audit Area App',
      redirect_uris: 'http://127.0.0.1/callback',
      scope: 'openid',
      client_type: 'public',
    },
  });
  // Post, then redirect (docs/security.md "Secrets shown once"): 303 to the application's page.
  expect(created.status, await created.clone().text()).toBe(303);
  expect(created.headers.get('location')).toMatch(/^\/admin\/applications\/[0-9a-f-]{36}\/secret\?shown=/);

  // The member allows the public member application, then revokes it on Connected applications.
  const as = await discover(origin);
  const redirectUri = 'http://127.0.0.1:43197/callback';
  const outcome = await authorizeInBrowser(as, {
    clientId: CLIENTS.memberApp,
    redirectUri,
    scope: 'openid account:read',
    resource: origin,
    email: ACCOUNTS.student,
  });
  await exchangeCode(
    as,
    { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' },
    oauth.None(),
    outcome,
    redirectUri,
    origin,
  );
  const page = await (await browserFetch(outcome.jar, `${origin}/account/connected-apps`)).text();
  // "Revoke" leads to the confirmation page (docs/security.md "Confirmations"), whose form posts.
  const confirmation = /href="(\/account\/connected-apps\/[0-9a-f-]{36}\/revoke)"/.exec(page)![1]!;
  const revokeForm = formFields(
    await (await browserFetch(outcome.jar, `${origin}${confirmation}`)).text(),
    '/account/connected-apps/revoke',
  );
  const revoked = await browserFetch(outcome.jar, `${origin}/account/connected-apps/revoke`, {
    form: { csrf_token: revokeForm.csrf_token!, client: revokeForm.client! },
  });
  expect(revoked.status).toBe(303);
}

/** Client changes made with the documented commands (docs/operations.md "Managing clients and keys"). */
async function changeClientsFromTheCommandLine(databaseUrl: string) {
  const env = { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, SEED_DEMO: 'false' };
  const run = async (script: string, args: string[]) =>
    (await promisify(execFile)(process.execPath, [script, ...args], { cwd: ROOT, env })).stdout;
  const created = await run('scripts/member-apps.ts', [
    'create',
    '--site',
    'demo-academy',
    '--name',
    'Audit Probe',
    '--redirect-uri',
    'http://127.0.0.1/callback',
    '--scope',
    'openid',
  ]);
  const memberApp = /client_id (\S+)/.exec(created)![1]!;
  await run('scripts/member-apps.ts', ['delete', '--site', 'demo-academy', '--client-id', memberApp]);
  await run('scripts/integrations.ts', [
    'add',
    '--name',
    'Audit Probe CRM',
    '--client-id',
    'audit-probe-crm',
    '--redirect-uri',
    'https://crm.example.test/cb',
    '--scope',
    'courses:read',
  ]);
  await run('scripts/integrations.ts', ['remove', '--client-id', 'audit-probe-crm']);
  return { memberApp, vendor: 'audit-probe-crm' };
}

describe.skipIf(skipWithoutPostgres('audit.test.ts'))('audit log (who, what, when, where)', () => {
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  let instance: Instance | undefined;
  let record: FlowRecord;
  let events: AuditRow[];
  let window: { from: number; to: number };
  let replay: { at: number; status: number; error: string; refreshActive: boolean[] };
  let refreshReuse: { at: number; status: number; error: string };
  let cli: { memberApp: string; vendor: string };

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase(DATABASE_URL!);
    instance = await startInstance(
      { DATABASE_URL: scratch.url, KEY_ENCRYPTION_KEY: newKeyEncryptionKey(), REFRESH_REUSE_GRACE_SECONDS: '0' },
      { readyMs: 120_000 },
    );
    const from = Date.now() - 1_000; // the database clock may trail ours slightly
    record = await runEveryFlow(instance.origin);
    replay = await replayMemberCode(instance.origin, record);
    refreshReuse = await reuseRotatedRefreshToken(instance.origin);
    cli = await changeClientsFromTheCommandLine(scratch.url);
    await changeInTheAreas(instance.origin);
    window = { from, to: Date.now() + 1_000 };
    events = await readAuditEvents(scratch.url);
  }, 150_000);

  afterAll(async () => {
    await instance?.stop();
    await scratch?.drop();
  });

  /** The entries of one action that match, each checked for the school, the time and the address. */
  function entries(action: string, match: Partial<Pick<AuditRow, 'actor_email' | 'actor_client_id'>> = {}): AuditRow[] {
    const found = events.filter(
      (e) => e.action === action && Object.entries(match).every(([k, v]) => e[k as keyof AuditRow] === v),
    );
    for (const e of found) {
      expect(e.site_origin, `${action}: where (school)`).toBe(instance!.origin);
      expect(e.created_at.getTime(), `${action}: when`).toBeGreaterThanOrEqual(window.from);
      expect(e.created_at.getTime(), `${action}: when`).toBeLessThanOrEqual(window.to);
      expect(e.ip ?? '', `${action}: where (ip)`).toMatch(LOOPBACK);
    }
    return found;
  }

  it('records a failed sign-in with the account tried, the time and the address (sign_in.failed)', () => {
    const [failed] = entries('sign_in.failed');
    expect(failed, JSON.stringify(events.map((e) => e.action))).toBeDefined();
    expect(failed!.details.email).toBe(ACCOUNTS.owner);
    expect(JSON.stringify(failed!.details)).not.toContain('password'); // what was tried stays out
  });

  it('records each consent with the person, the client and the scopes granted (consent.granted)', () => {
    const owner = entries('consent.granted', {
      actor_email: ACCOUNTS.owner,
      actor_client_id: record.registeredClientId,
    });
    const student = entries('consent.granted', {
      actor_email: ACCOUNTS.student,
      actor_client_id: CLIENTS.confidentialMemberApp,
    });
    expect(owner).toHaveLength(1);
    expect(student).toHaveLength(1);
    expect(owner[0]!.details.scope).toBe('openid courses:read');
    expect(student[0]!.details.scope).toBe('openid account:read');
  });

  it('records token issuance at the code exchange with person, client, grant and scopes (token.issued)', () => {
    for (const [email, clientId] of [
      [ACCOUNTS.owner, record.registeredClientId],
      [ACCOUNTS.student, CLIENTS.confidentialMemberApp],
    ] as const) {
      const issued = entries('token.issued', { actor_email: email, actor_client_id: clientId }).filter(
        (e) => e.details.grant_type === 'authorization_code',
      );
      expect(issued, `${clientId} for ${email}`).toHaveLength(1);
      expect(issued[0]!.target_type).toBe('grant');
      expect(issued[0]!.target_id).toBeTruthy();
    }
  });

  it('records token issuance at each refresh too, with person, client and grant (token.issued; RFC 6749 6)', () => {
    const refreshed = entries('token.issued').filter((e) => e.details.grant_type === 'refresh_token');
    expect(refreshed.map((e) => e.actor_client_id).sort()).toEqual(
      [CLIENTS.confidentialMemberApp, CLIENTS.memberApp, record.registeredClientId].sort(),
    );
    for (const e of refreshed) {
      const exchanged = entries('token.issued', { actor_client_id: e.actor_client_id }).find(
        (x) => x.details.grant_type === 'authorization_code',
      );
      expect(
        [e.actor_email, e.target_type, e.target_id],
        `${e.actor_client_id}: the refresh continues the grant of the exchange`,
      ).toEqual([exchanged!.actor_email, 'grant', exchanged!.target_id]);
    }
  });

  it('records the revocation of a refresh token as the end of its grant (grant.revoked; RFC 7009 2.1)', () => {
    const revoked = entries('grant.revoked', { actor_client_id: record.registeredClientId });
    expect(revoked).toHaveLength(1);
    expect(revoked[0]!.actor_email).toBe(ACCOUNTS.owner);
    expect(revoked[0]!.target_type).toBe('grant');
    const issued = entries('token.issued', { actor_client_id: record.registeredClientId });
    expect(revoked[0]!.target_id).toBe(issued[0]!.target_id);
  });

  it('records the revocation of an access token too, with the person and grant it belonged to (revocations; RFC 7009 2.1)', () => {
    const revoked = events.filter(
      (e) =>
        /\.revoked$/.test(e.action) &&
        e.actor_client_id === CLIENTS.confidentialMemberApp &&
        e.created_at.getTime() < replay.at,
    );
    expect(revoked).toHaveLength(1);
    const [entry] = entries(revoked[0]!.action, { actor_client_id: CLIENTS.confidentialMemberApp });
    const issued = entries('token.issued', { actor_client_id: CLIENTS.confidentialMemberApp })[0]!;
    expect([
      entry!.action,
      entry!.actor_email,
      entry!.target_type,
      entry!.target_id,
      entry!.details.token_type,
    ]).toEqual(['token.revoked', ACCOUNTS.student, 'grant', issued.target_id, 'access_token']);
  });

  it('a replayed code is refused and ends its grant, the refresh token included (RFC 6749 4.1.2)', () => {
    expect([replay.status, replay.error, replay.refreshActive]).toEqual([400, 'invalid_grant', [true, false]]);
  });

  it('records the grant a replayed code ends, with the person and the reason (grant.revoked; RFC 6749 4.1.2)', () => {
    const grant = entries('token.issued', { actor_client_id: CLIENTS.confidentialMemberApp })[0]!.target_id;
    const revoked = events.filter(
      (e) => e.action === 'grant.revoked' && e.target_id === grant && e.created_at.getTime() >= replay.at - 1_000,
    );
    expect(revoked).toHaveLength(1);
    entries('grant.revoked', { actor_client_id: CLIENTS.confidentialMemberApp }); // school, time, address
    expect([revoked[0]!.actor_email, revoked[0]!.details.reason]).toEqual([
      ACCOUNTS.student,
      'authorization code reused',
    ]);
  });

  it('records the grant a reused refresh token ends, with the person and the reason (grant.revoked; RFC 9700 4.14.2)', () => {
    expect([refreshReuse.status, refreshReuse.error]).toEqual([400, 'invalid_grant']);
    const grant = entries('token.issued', { actor_client_id: CLIENTS.memberApp })[0]!.target_id;
    const revoked = entries('grant.revoked', { actor_client_id: CLIENTS.memberApp }).filter(
      (e) => e.created_at.getTime() >= refreshReuse.at - 1_000,
    );
    expect(revoked.map((e) => [e.target_id, e.actor_email, e.details.reason])).toEqual([
      [grant, ACCOUNTS.student2, 'refresh token reused'],
    ]);
  });

  it('records a client registration with its client_id, kind and address (client.registered; RFC 7591 3)', () => {
    const registered = entries('client.registered', { actor_client_id: record.registeredClientId });
    expect(registered).toHaveLength(1);
    expect(registered[0]!.target_type).toBe('client');
    expect(registered[0]!.details.kind).toBe('loopback');
  });

  it('records client changes made with the command-line tools, with the operating-system account, the host and the time (client changes)', () => {
    const byCli = events.filter((e) => e.details.via === 'cli');
    const summary = byCli.map((e) => [e.action, e.details.client_id, e.site_origin]);
    expect(summary).toEqual([
      ['member_app.created', cli.memberApp, instance!.origin],
      ['member_app.deleted', cli.memberApp, instance!.origin],
      ['vendor_integration.added', cli.vendor, null],
      ['vendor_integration.removed', cli.vendor, null],
    ]);
    for (const e of byCli) {
      expect(e.details.os_user, `${e.action}: who`).toBeTruthy();
      expect(e.details.host, `${e.action}: where`).toBeTruthy();
      expect(e.target_type).toBe('client');
      expect(e.created_at.getTime(), `${e.action}: when`).toBeGreaterThanOrEqual(window.from);
      expect(e.created_at.getTime(), `${e.action}: when`).toBeLessThanOrEqual(window.to);
    }
  });

  it('records a client change in the admin area with the operator, the client and the address (client changes)', () => {
    const created = entries('member_app.created', { actor_email: ACCOUNTS.owner }).filter(
      (e) => e.details.name === 'Audit Area App',
    );
    expect(created).toHaveLength(1);
    expect([created[0]!.target_type, created[0]!.details.client_id]).toEqual([
      'client',
      expect.stringMatching(/^app-/),
    ]);
  });

  it('records a member revoking an application in the account area with the member, the client and the address (revocations)', () => {
    const revoked = entries('grant.revoked', { actor_email: ACCOUNTS.student }).filter(
      (e) => e.details.by === 'member',
    );
    expect(revoked.map((e) => [e.target_type, e.details.client_id, e.details.grants])).toEqual([
      ['client', CLIENTS.memberApp, 1],
    ]);
  });
});
