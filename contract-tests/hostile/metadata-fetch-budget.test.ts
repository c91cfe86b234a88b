// Fetch limits that cannot be turned against a client (/auth.md "Rate limits"; CIMD draft, Security
// Considerations; RFC 5861 stale-if-error): anyone may name junk client_id URLs on a host a school
// permits, in anonymous authorization requests. That must not lock out the host's real client
// (it has a fetch budget of its own, and its last good document stands in), must not spill into
// another school (budgets are per school), and a junk URL named again is answered from a negative
// cache without a fetch. And only owners change which hosts are permitted (admin API and admin area).
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { operatorToken } from '../support/tokens.ts';
import { csrfFor, pageHtml, postForm, signedIn } from '../web/area-http.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const tlsCert = inject('tlsCert');
const REDIRECT = 'http://127.0.0.1:47711/callback';
/** Far more than any budget a deployment would set per minute; the flood stops at the first 429. */
const MAX_FLOOD = 200;

function authorize(at: string, clientId: string): Promise<Response> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'courses:read',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  return fetch(`${at}/oauth/authorize?${query}`, { redirect: 'manual' });
}

/** The client was resolved: the flow goes on to sign-in. */
async function expectAccepted(response: Response): Promise<void> {
  expect(response.status, (await response.clone().text()).slice(0, 300)).toBe(302);
  expect(response.headers.get('location')).toMatch(/^\/oauth\/sign-in\?/);
}

/** Waits for the next fixed window when fewer than `seconds` are left in this one. */
async function awayFromWindowEdge(windowSeconds: number, seconds: number): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < seconds) await new Promise((r) => setTimeout(r, left * 1000 + 250));
}

async function patchSchool(at: string, token: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${at}/api/v1/school`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe.skipIf(!tlsCert)('metadata-document fetch budgets cannot be turned against a client', () => {
  let server: https.Server;
  let host: string;
  const hits = new Map<string, number>();
  let secondOwnerToken = '';
  let secondHosts: string[] = [];

  beforeAll(async () => {
    server = https.createServer({ cert: tlsCert, key: inject('tlsKey') }, (req, res) => {
      const path = req.url ?? '';
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const real = path === '/real/client.json' || path.startsWith('/other-school/');
      res.writeHead(real ? 200 : 404, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(
        JSON.stringify(
          real
            ? { client_id: `https://${host}${path}`, client_name: 'Real agent', redirect_uris: [REDIRECT] }
            : { error: 'not found' },
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
    host = `localhost:${(server.address() as AddressInfo).port}`;
    if (secondary) {
      // The second school permits this one test host, as its owner decides.
      secondOwnerToken = await operatorToken(secondary, 'school:read school:write', ACCOUNTS.secondSchoolOwner);
      secondHosts = (
        (await (
          await fetch(`${secondary}/api/v1/school`, { headers: { authorization: `Bearer ${secondOwnerToken}` } })
        ).json()) as { allowed_metadata_hosts: string[] }
      ).allowed_metadata_hosts;
      expect(
        (await patchSchool(secondary, secondOwnerToken, { allowed_metadata_hosts: [...secondHosts, host] })).status,
      ).toBe(200);
    }
  });

  afterAll(async () => {
    if (secondOwnerToken) await patchSchool(secondary, secondOwnerToken, { allowed_metadata_hosts: secondHosts });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  // Up to 25 s of it is waiting for a fresh window (awayFromWindowEdge), so the default 30 s would
  // leave the flood itself a few seconds when other files run alongside.
  it(
    'junk URLs flooded on the permitted host exhaust only their own budget: the real client still authorizes, and another school is untouched',
    { timeout: 90_000 },
    async () => {
      await expectAccepted(await authorize(origin, `https://${host}/real/client.json`));
      await awayFromWindowEdge(60, 25);

      let limited: Response | undefined;
      let sent = 0;
      while (!limited && sent < MAX_FLOOD) {
        const batch = await Promise.all(
          Array.from({ length: 10 }, (_, i) => authorize(origin, `https://${host}/junk-${sent + i}/client.json`)),
        );
        sent += batch.length;
        limited = batch.find((response) => response.status === 429);
        for (const response of batch) if (response.status !== 429) expect(response.status).toBe(400);
      }
      expect(limited, `no 429 after ${sent} junk URLs`).toBeDefined();
      expect(limited!.headers.get('retry-after')).toMatch(/^\d+$/);

      // The real client of that host: its own budget, so it is fetched and accepted.
      const realHits = hits.get('/real/client.json') ?? 0;
      await expectAccepted(await authorize(origin, `https://${host}/real/client.json`));
      expect(hits.get('/real/client.json')).toBe(realHits + 1);

      // Another school: its budget for the same host is its own.
      if (secondary) await expectAccepted(await authorize(secondary, `https://${host}/other-school/client.json`));

      // The flood's school is still over its budget for new URLs (so the checks above were inside the window).
      expect((await authorize(origin, `https://${host}/junk-after/client.json`)).status).toBe(429);
    },
  );

  it('a junk URL named again is refused from the negative cache, without another fetch or budget', async () => {
    // A host of its own (another port), so the budget the test above spent plays no part.
    let junkHits = 0;
    const junk = https.createServer({ cert: tlsCert, key: inject('tlsKey') }, (_req, res) => {
      junkHits += 1;
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => junk.listen(0, 'localhost', resolve));
    try {
      const url = `https://localhost:${(junk.address() as AddressInfo).port}/junk/client.json`;
      const first = await authorize(origin, url);
      expect(first.status).toBe(400);
      expect(junkHits).toBe(1);
      for (let i = 0; i < 5; i++) {
        const again = await authorize(origin, url);
        expect(again.status).toBe(400);
        expect(await again.text()).toContain('could not be fetched');
      }
      expect(junkHits).toBe(1);
    } finally {
      await new Promise<void>((resolve) => junk.close(() => resolve()));
    }
  });
});

describe('only owners change which metadata-document hosts are accepted', () => {
  // Other suites change this school's hosts and open registration while this one runs, so each
  // check reads the settings right before it and looks only at the change it attempted.
  const added = `owners-only-${Date.now()}.example.test`;
  type School = { allowed_metadata_hosts: string[]; open_registration: boolean };
  let adminToken: string;
  let ownerToken: string;
  const current = async (): Promise<School> =>
    (await (
      await fetch(`${origin}/api/v1/school`, { headers: { authorization: `Bearer ${ownerToken}` } })
    ).json()) as School;

  beforeAll(async () => {
    [adminToken, ownerToken] = await Promise.all([
      operatorToken(origin, 'school:read school:write', ACCOUNTS.admin),
      operatorToken(origin, 'school:read school:write', ACCOUNTS.owner),
    ]);
  });

  afterAll(async () => {
    if (!ownerToken) return;
    const hosts = (await current()).allowed_metadata_hosts;
    if (hosts.some((h) => h.endsWith(added)))
      await patchSchool(origin, ownerToken, { allowed_metadata_hosts: hosts.filter((h) => !h.endsWith(added)) });
  });

  it.each<[string, (s: School) => Record<string, unknown>, string, (before: School, after: School) => void]>([
    [
      'allowed_metadata_hosts (adding one)',
      (s) => ({ allowed_metadata_hosts: [...s.allowed_metadata_hosts, added] }),
      '/body/allowed_metadata_hosts',
      (_b, a) => expect(a.allowed_metadata_hosts).not.toContain(added),
    ],
    [
      'allowed_metadata_hosts (removing localhost)',
      (s) => ({ allowed_metadata_hosts: s.allowed_metadata_hosts.filter((h) => h !== 'localhost') }),
      '/body/allowed_metadata_hosts',
      (_b, a) => expect(a.allowed_metadata_hosts).toContain('localhost'),
    ],
    [
      'open_registration',
      (s) => ({ open_registration: !s.open_registration }),
      '/body/open_registration',
      () => undefined,
    ],
  ])(
    'admin API: an admin changing %s gets 403 owner-required (RFC 9457) and nothing changes',
    async (_field, body, pointer, unchanged) => {
      const before = await current();
      const response = await patchSchool(origin, adminToken, body(before));
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = (await response.json()) as { type: string; status: number; errors: Array<{ pointer: string }> };
      expect(problem).toMatchObject({ status: 403, type: expect.stringMatching(/owner-required$/) });
      expect(problem.errors.map((e) => e.pointer)).toEqual([pointer]);
      unchanged(before, await current());
    },
  );

  it('admin API: an admin may still send the current hosts back unchanged (no change, no refusal)', async () => {
    const response = await patchSchool(origin, adminToken, {
      allowed_metadata_hosts: (await current()).allowed_metadata_hosts,
    });
    expect(response.status).toBe(200);
  });

  it('admin API: an owner changes the allowlist', async () => {
    const response = await patchSchool(origin, ownerToken, {
      allowed_metadata_hosts: [...(await current()).allowed_metadata_hosts, added],
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as School).allowed_metadata_hosts).toContain(added);
  });

  it('admin area: an admin is refused (403 page) adding or removing a host or switching open registration; the page says owners only', async () => {
    const admin = await signedIn(origin, ACCOUNTS.admin);
    const page = await pageHtml(admin, `${origin}/admin/metadata-documents`);
    expect(page).toContain('Only an owner of the school can change');
    const hostsCsrf = csrfFor(page, '/admin/metadata-documents/hosts');
    const openCsrf = csrfFor(page, '/admin/metadata-documents/open-registration');
    for (const [action, fields] of [
      [
        '/admin/metadata-documents/hosts',
        [
          ['csrf_token', hostsCsrf],
          ['host', `area-${added}`],
        ],
      ],
      [
        '/admin/metadata-documents/hosts/remove',
        [
          ['csrf_token', hostsCsrf],
          ['host', 'localhost'],
        ],
      ],
      [
        '/admin/metadata-documents/open-registration',
        [
          ['csrf_token', openCsrf],
          ['enabled', 'on'],
        ],
      ],
    ] as Array<[string, Array<[string, string]>]>) {
      const response = await postForm(admin, `${origin}${action}`, fields);
      expect(response.status, action).toBe(403);
      expect(await response.text()).toContain('Only an owner of this school');
    }
    const after = await current();
    expect(after.allowed_metadata_hosts).not.toContain(`area-${added}`);
    expect(after.allowed_metadata_hosts).toContain('localhost');
  });

  it('admin area: an owner adds and removes a host', async () => {
    const owner = await signedIn(origin, ACCOUNTS.owner);
    const csrf = csrfFor(
      await pageHtml(owner, `${origin}/admin/metadata-documents`),
      '/admin/metadata-documents/hosts',
    );
    expect(
      (
        await postForm(owner, `${origin}/admin/metadata-documents/hosts`, [
          ['csrf_token', csrf],
          ['host', `area-${added}`],
        ])
      ).status,
    ).toBe(303);
    expect((await current()).allowed_metadata_hosts).toContain(`area-${added}`);
    expect(
      (
        await postForm(owner, `${origin}/admin/metadata-documents/hosts/remove`, [
          ['csrf_token', csrf],
          ['host', `area-${added}`],
        ])
      ).status,
    ).toBe(303);
    expect((await current()).allowed_metadata_hosts).not.toContain(`area-${added}`);
  });
});
