// The admin area's "Audit log" over HTTP (docs/operations.md "Audit log") at both demo schools: the
// changes this file makes itself (a student of its own who joins, an invitation sent and cancelled in
// the admin area, at Demo Academy an application created and deleted there) read as sentences in the
// school's language; the filters by actor, action and days show exactly those rows, in SQL, with a
// cursor of other filters starting again from the newest; filters that cannot be read are a 400 page
// keeping the form; the CSV export has the same rows, its header, and formula cells neutralised
// (OWASP "CSV Injection"); and a student is refused the page and the export alike.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { browserFetch, CookieJar, decodeEntities, formFields } from '../support/cookie-jar.ts';
import { NEW_PERSON_PASSWORD } from '../support/invitations.ts';
import { operatorToken } from '../support/tokens.ts';
import { joinedStudent, uniqueEmail } from '../admin/people-fixtures.ts';
import { createMemberApplication, csrfFor, pageHtml, postForm, signedIn } from './area-http.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const BUDGET_MS = 30_000;
/** A name a spreadsheet would run as a formula, were the cell not guarded. */
const FORMULA_NAME = '=HYPERLINK("http://evil.test","x")';

const SCHOOLS = [
  {
    school: 'Demo Academy',
    origin,
    owner: ACCOUNTS.owner,
    slug: 'demo-academy',
    applications: true,
    accepted: (name: string) => `${name} accepted the invitation as student`,
    header: 'time (UTC),actor e-mail,via client,action,what happened,details (JSON),address',
    invalid: 'These filters cannot be read',
  },
  {
    school: 'Second School',
    origin: secondary,
    owner: ACCOUNTS.secondSchoolOwner,
    slug: 'second-school',
    // Second School has no MCP connections, so no OAuth applications section.
    applications: false,
    accepted: (name: string) => `${name} hat die Einladung als Teilnehmer angenommen`,
    header: 'Zeit (UTC),E-Mail der handelnden Person,über Client,Aktion,was geschah,Details (JSON),Adresse',
    invalid: 'Diese Filter sind nicht lesbar',
  },
] as const;

type Row = { action: string; actor: string; sentence: string; html: string };

/** The audit table's rows: action code, actor's address and the sentence, as text. */
function rowsOf(html: string): Row[] {
  return [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
    .map((m) => m[1]!)
    .filter((row) => row.includes('<td'))
    .map((row) => {
      const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1]!);
      return {
        action: decodeEntities(/<code class="small" lang="zxx">([^<]*)<\/code>/.exec(cells[2]!)![1]!),
        actor: decodeEntities(cells[1]!.split('<br>')[0]!),
        sentence: decodeEntities(cells[2]!.split('<br>')[0]!),
        html: row,
      };
    });
}

/** RFC 4180 records (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return records;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(SCHOOLS)('the Audit log of $school: sentences, filters and CSV (docs/operations.md "Audit log")', (s) => {
  let owner: CookieJar;
  let probe: { email: string; name: string };
  let probeJar: CookieJar;
  let invited: string;
  let appName: string;

  const page = (query: string) => pageHtml(owner, `${s.origin}/admin/audit-log${query}`);

  beforeAll(async () => {
    owner = await signedIn(s.origin, s.owner);
    // A student of this file's own, whose name is a formula: it joins (invitation.accepted) and signs in.
    const api = adminClient(s.origin, await operatorToken(s.origin, 'students:read students:write', s.owner));
    probe = { email: uniqueEmail('audit-probe'), name: FORMULA_NAME };
    await joinedStudent(api, probe);
    probeJar = new CookieJar();
    const fields = formFields(
      await (await browserFetch(probeJar, `${s.origin}/oauth/sign-in?return_to=%2Faccount`)).text(),
    );
    const signIn = await browserFetch(probeJar, `${s.origin}/oauth/sign-in`, {
      form: { ...fields, email: probe.email, password: NEW_PERSON_PASSWORD },
    });
    expect(signIn.status).toBe(303);

    // The owner invites a student in the admin area, then cancels the invitation there.
    invited = uniqueEmail('audit-invited');
    const invite = await postForm(owner, `${s.origin}/admin/students/invite`, [
      ['csrf_token', csrfFor(await pageHtml(owner, `${s.origin}/admin/students/invite`), '/admin/students/invite')],
      ['email', invited],
      ['name', 'Audit Invitee'],
    ]);
    expect(invite.status).toBe(303);
    const invitations = await pageHtml(owner, `${s.origin}/admin/invitations`);
    const at = invitations.indexOf(invited);
    const cancel = /action="(\/admin\/invitations\/[0-9a-f-]{36}\/cancel)"/.exec(invitations.slice(at))![1]!;
    const cancelled = await postForm(owner, `${s.origin}${cancel}`, [
      ['csrf_token', csrfFor(invitations.slice(at), cancel)],
      ['kind', 'student'],
    ]);
    expect(cancelled.status).toBe(303);

    // At Demo Academy: an application created and deleted in the admin area, its name markup.
    if (s.applications) {
      appName = `Audit <b>probe</b> ${randomUUID().slice(0, 6)}`;
      const { rowId } = await createMemberApplication(s.origin, owner, {
        name: appName,
        redirectUris: ['http://127.0.0.1/callback'],
        scopes: ['openid', 'account:read'],
      });
      const confirm = await pageHtml(owner, `${s.origin}/admin/applications/${rowId}/delete`);
      const deleted = await postForm(owner, `${s.origin}/admin/applications/${rowId}/delete`, [
        ['csrf_token', csrfFor(confirm, `/admin/applications/${rowId}/delete`)],
      ]);
      expect(deleted.status).toBe(303);
    }
  }, 90_000);

  it(
    "filtered by actor (the whole address or part of it), shows exactly that person's rows, said as sentences",
    async () => {
      const rows = rowsOf(await page(`?actor=${encodeURIComponent(probe.email)}`));
      expect(rows.map((r) => r.action)).toEqual(['sign_in.succeeded', 'invitation.accepted']);
      expect(rows.every((r) => r.actor === probe.email)).toBe(true);
      expect(rows[1]!.sentence).toBe(s.accepted(FORMULA_NAME));
      const part = probe.email.split('@')[0]!.toUpperCase();
      expect(rowsOf(await page(`?actor=${encodeURIComponent(part)}`)).map((r) => r.action)).toEqual(
        rows.map((r) => r.action),
      );
    },
    BUDGET_MS,
  );

  it(
    "filtered by action, shows only that action, with the owner's own change among them",
    async () => {
      for (const action of ['student.invited', 'invitation.cancelled']) {
        const rows = rowsOf(await page(`?action=${action}&actor=${encodeURIComponent(s.owner)}`));
        expect(rows.length, action).toBeGreaterThan(0);
        expect(rows.every((r) => r.action === action && r.actor === s.owner)).toBe(true);
        expect(
          rows.filter((r) => r.sentence.includes(invited)),
          action,
        ).toHaveLength(1);
      }
      if (s.applications) {
        const html = await page(`?action=member_app.deleted&actor=${encodeURIComponent(s.owner)}`);
        const rows = rowsOf(html).filter((r) => r.sentence.includes(appName));
        expect(rows).toHaveLength(1);
        expect(rows[0]!.sentence).toMatch(/ deleted the OAuth application Audit <b>probe<\/b> /);
        // The name's markup is text: escaped where the sentence is printed.
        expect(rows[0]!.html).toContain('Audit &lt;b&gt;probe&lt;/b&gt;');
        expect(rows[0]!.html).not.toContain('<b>probe');
      }
    },
    BUDGET_MS,
  );

  it(
    "filtered by days in the school's time zone: a range around today shows the rows, a past range none",
    async () => {
      const actor = `actor=${encodeURIComponent(probe.email)}`;
      expect(rowsOf(await page(`?${actor}&from=${day(-1)}&to=${day(1)}`))).toHaveLength(2);
      expect(rowsOf(await page(`?${actor}&from=${day(-1)}`))).toHaveLength(2);
      expect(rowsOf(await page(`?${actor}&from=2020-01-01&to=2020-01-31`))).toHaveLength(0);
      expect(rowsOf(await page(`?${actor}&from=${day(2)}`))).toHaveLength(0);
    },
    BUDGET_MS,
  );

  it(
    'the older-events link keeps the filters; a cursor of other filters, or one altered, starts from the newest row',
    async () => {
      const filtered = `?actor=${encodeURIComponent(probe.email)}`;
      const expected = rowsOf(await page(filtered)).map((r) => r.action);
      expect(rowsOf(await page(`${filtered}&before=not-a-cursor`)).map((r) => r.action)).toEqual(expected);
      // The unfiltered log of a demo school has more than a page: its cursor belongs to other filters.
      const all = await page('');
      const older = /href="\/admin\/audit-log\?before=([^"]+)"/.exec(all);
      if (older) {
        const cursor = decodeEntities(older[1]!);
        expect(rowsOf(await page(`${filtered}&before=${cursor}`)).map((r) => r.action)).toEqual(expected);
      }
      const byAction = await page(`?action=sign_in.succeeded`);
      const link = /href="(\/admin\/audit-log\?[^"]*before=[^"]+)"/.exec(byAction);
      if (link) {
        const href = decodeEntities(link[1]!);
        expect(new URL(href, s.origin).searchParams.get('action')).toBe('sign_in.succeeded');
        const next = rowsOf(await page(href.slice('/admin/audit-log'.length)));
        expect(next.every((r) => r.action === 'sign_in.succeeded')).toBe(true);
      }
    },
    BUDGET_MS,
  );

  it.each([
    ['an unknown action', '?action=no.such_action'],
    ['a day that is no date', '?from=2026-02-30'],
    ['"to" before "from"', '?from=2026-03-02&to=2026-03-01'],
  ])('refuses %s with a 400 page that keeps the form and says why', async (_what, query) => {
    const response = await browserFetch(owner, `${s.origin}/admin/audit-log${query}&actor=kept-value`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(s.invalid);
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/name="actor"[^>]*value="kept-value"/);
    expect(rowsOf(html)).toHaveLength(0);
    const csv = await browserFetch(owner, `${s.origin}/admin/audit-log.csv${query}`);
    expect(csv.status).toBe(400);
    expect(csv.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it(
    'the CSV export carries the filters, has its header and the same rows, and neutralises formula cells (OWASP "CSV Injection")',
    async () => {
      const query = `?actor=${encodeURIComponent(probe.email)}`;
      const html = await page(query);
      expect(decodeEntities(html)).toContain(`href="/admin/audit-log.csv${query}"`);
      const response = await browserFetch(owner, `${s.origin}/admin/audit-log.csv${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="audit-log-${s.slug}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      const text = await response.text();
      const [header, ...records] = parseCsv(text);
      expect(header!.join(',')).toBe(s.header);
      expect(records.map((r) => r[3])).toEqual(rowsOf(html).map((r) => r.action));
      for (const record of records) {
        expect(record[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(record[1]).toBe(probe.email);
        expect(() => JSON.parse(record[5]!) as unknown).not.toThrow();
      }
      const accepted = records.find((r) => r[3] === 'invitation.accepted')!;
      // The sentence starts with the formula name: the cell starts with an apostrophe instead.
      expect(accepted[4]).toBe(`'${s.accepted(FORMULA_NAME)}`);
      expect(records.every((r) => r.every((cell) => !/^[=+\-@\t\r]/.test(cell)))).toBe(true);
    },
    BUDGET_MS,
  );

  it('a student is refused the Audit log page and its CSV export alike', async () => {
    const refusedPage = await browserFetch(probeJar, `${s.origin}/admin/audit-log`);
    const refusedCsv = await browserFetch(probeJar, `${s.origin}/admin/audit-log.csv`);
    expect(refusedPage.status).toBe(403);
    expect(refusedCsv.status).toBe(403);
    expect(refusedCsv.headers.get('content-type')).toBe(refusedPage.headers.get('content-type'));
    const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
    expect(h1(await refusedCsv.text())).toBe(h1(await refusedPage.text()));
  });
});
