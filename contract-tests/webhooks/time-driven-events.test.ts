// docs/webhooks.md "Time-driven events" and "Operators hear about failure", through the admin API
// on instances of this file's own that sweep every 200 ms: an enrollment whose expires_at passes
// announces enrollment.expired exactly once (also with two instances on one PostgreSQL database,
// each sweeping); an endpoint failing for WEBHOOK_FAILING_NOTICE_MS (2 s here) and one disabled
// by a 410 are each told of once: a mail to every owner and admin through a real SMTP listener,
// webhook_endpoint.failing / .disabled to the school's other subscribed endpoint (verified with
// the Standard Webhooks reference library), and an entry on the admin area's audit log.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { DATABASE_URL, skipWithoutPostgres, startTwoInstances, type Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable } from '../service/own-instance.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { answered } from '../support/answered.ts';
import { allMail, startMailboxListener, type Mail, type MailboxListener } from '../support/mailbox.ts';
import { operatorToken } from '../support/tokens.ts';
import { pageHtml, signedIn } from '../web/area-http.ts';
import { startReceiver, type Receiver, type Received } from './receiver.ts';
import { startWebhookInstance, type WebhookInstance } from './webhook-instance.ts';

const SCOPES = 'webhooks:read webhooks:write courses:write students:read students:write';
const SWEEP = { EXPIRY_SWEEP_MS: '200', WEBHOOK_POLL_MS: '50' };

type Envelope = { id: string; type: string; data: { id: string; status?: string; disabled_reason?: string | null } };
type Client = ReturnType<typeof adminClient>;

/** Standard Webhooks "Verifying webhooks": the reference library throws unless a signature matches. */
const verified = (request: Received, secret: string): Envelope =>
  new Webhook(secret).verify(request.body, request.headers) as Envelope;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` enrollments of the demo student, each in a course of its own, ending `inMs` after the last is made. */
async function lapsingEnrollments(client: Client, count: number, inMs: number): Promise<string[]> {
  const student = (await answered(sdk.listStudents({ client, query: { q: ACCOUNTS.student } }))).data[0]!;
  const courses = [];
  for (let i = 0; i < count; i++)
    courses.push(await answered(sdk.createCourse({ client, body: { title: `Lapsing course ${i} ${Date.now()}` } })));
  // Each enrollment's expiry is in the future when it is made (enrollStudent refuses a past one).
  const expiresAt = new Date(Date.now() + inMs + count * 500).toISOString();
  const ids: string[] = [];
  for (const course of courses) {
    const enrollment = await answered(
      sdk.enrollStudent({
        client,
        path: { person_id: student.id },
        body: { course_id: course.id, expires_at: expiresAt },
      }),
    );
    ids.push(enrollment.id);
  }
  return ids;
}

/** The verified enrollment.expired bodies the receiver got at `at`, counted by enrollment id. */
function expiredByEnrollment(receiver: Receiver, at: string, secret: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of receiver.received.filter((r) => r.path === at)) {
    const event = verified(request, secret);
    if (event.type === 'enrollment.expired') counts.set(event.data.id, (counts.get(event.data.id) ?? 0) + 1);
  }
  return counts;
}

describe.skipIf(ownInstanceUnavailable)(
  'time-driven events and operator notices (docs/webhooks.md "Time-driven events", "Operators hear about failure")',
  () => {
    let hooks: WebhookInstance;
    let mailbox: MailboxListener;

    beforeAll(async () => {
      mailbox = await startMailboxListener(mkdtempSync(path.join(tmpdir(), 'time-events-mail-')));
      hooks = await startWebhookInstance(
        {
          ...SWEEP,
          WEBHOOK_FAILING_NOTICE_MS: '2000',
          // Retries every few hundred ms at first, so a failing run is under way at once; a whole
          // schedule (the failing disable) would take ~15 min, longer than this file.
          WEBHOOK_RETRY_BASE_MS: '50',
          SMTP_URL: mailbox.url,
          OUTBOX_POLL_MS: '100',
        },
        SCOPES,
      );
    }, 120_000);
    afterAll(async () => {
      await hooks?.stop();
      await mailbox?.close();
    });

    it('an enrollment whose expires_at passes sends one enrollment.expired, and expiring it afterwards sends none (expireEnrollment)', async () => {
      const { client, receiver } = hooks;
      const endpoint = await answered(
        sdk.createWebhookEndpoint({
          client,
          body: { url: `${receiver.url('/ok')}?expiries`, event_types: ['enrollment.expired'] },
        }),
      );
      const [id] = await lapsingEnrollments(client, 1, 2_000);
      const expired = () => expiredByEnrollment(receiver, '/ok?expiries', endpoint.secret);
      await receiver.until(() => expired().has(id!), 15_000);
      const event = receiver.received
        .filter((r) => r.path === '/ok?expiries')
        .map((r) => verified(r, endpoint.secret))
        .find((e) => e.data.id === id)!;
      expect(event.data.status).toBe('expired');
      await answered(sdk.expireEnrollment({ client, path: { enrollment_id: id! } }));
      await sleep(1_500); // several sweeps and polls
      expect(expired().get(id!)).toBe(1);
      const stored = await answered(sdk.getEnrollment({ client, path: { enrollment_id: id! } }));
      expect(stored.status).toBe('expired');
    }, 40_000);

    it('a failing endpoint is told of once: a mail to each owner and admin, webhook_endpoint.failing to the other endpoint, an audit entry; a 410 disable likewise with webhook_endpoint.disabled', async () => {
      const { client, receiver, instance } = hooks;
      const watcher = await answered(
        sdk.createWebhookEndpoint({
          client,
          body: {
            url: `${receiver.url('/ok')}?watcher`,
            event_types: ['webhook_endpoint.failing', 'webhook_endpoint.disabled'],
          },
        }),
      );
      const description = '<b>CRM</b> & "sync"';
      const failing = await answered(
        sdk.createWebhookEndpoint({
          client,
          // Subscribed to its own notice too: it must not be sent it.
          body: { url: receiver.url('/fail'), event_types: ['webhook_endpoint.failing'], description },
        }),
      );
      await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: failing.id } }));
      const notices = (type: string, about: string) =>
        receiver.received
          .filter((r) => r.path === '/ok?watcher')
          .map((r) => verified(r, watcher.secret))
          .filter((e) => e.type === type && e.data.id === about);
      const mailsAbout = async (url: string): Promise<Mail[]> =>
        (await allMail(mailbox.dir)).filter((m) => (m.parsed.text ?? '').includes(url));

      await receiver.until(() => notices('webhook_endpoint.failing', failing.id).length > 0, 20_000);
      const notice = notices('webhook_endpoint.failing', failing.id)[0]!;
      expect(notice.data).toMatchObject({ id: failing.id, status: 'enabled', description });
      expect(JSON.stringify(notice.data)).not.toContain('whsec_');
      await sleep(3_000); // more failed retries, more sweeps: still one notice
      expect(notices('webhook_endpoint.failing', failing.id)).toHaveLength(1);
      expect(
        receiver.received.filter((r) => r.path === '/fail' && r.body.includes('webhook_endpoint.failing')),
      ).toEqual([]);
      const mails = await mailsAbout(receiver.url('/fail'));
      expect(mails.flatMap((m) => m.envelopeTo).sort()).toEqual([ACCOUNTS.admin, ACCOUNTS.owner].sort());
      expect(mails[0]!.parsed.subject).toBe('A webhook endpoint of Demo Academy keeps failing');
      // School text is escaped in the HTML part and kept as it is in the text part.
      expect(mails[0]!.parsed.html).not.toContain('<b>CRM</b>');
      expect(mails[0]!.parsed.html).toContain('&lt;b&gt;CRM&lt;/b&gt;');
      expect(mails[0]!.parsed.text).toContain(description);
      expect(mails[0]!.parsed.text).toContain(`/admin/webhooks/${failing.id}`);

      const gone = await answered(
        sdk.createWebhookEndpoint({
          client,
          body: { url: receiver.url('/gone'), event_types: ['webhook_endpoint.disabled'] },
        }),
      );
      await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: gone.id } }));
      await receiver.until(() => notices('webhook_endpoint.disabled', gone.id).length > 0, 20_000);
      expect(notices('webhook_endpoint.disabled', gone.id)[0]!.data).toMatchObject({
        status: 'disabled',
        disabled_reason: 'gone',
      });
      await sleep(1_500);
      expect(notices('webhook_endpoint.disabled', gone.id)).toHaveLength(1);
      const goneMails = await mailsAbout(receiver.url('/gone'));
      expect(goneMails.flatMap((m) => m.envelopeTo).sort()).toEqual([ACCOUNTS.admin, ACCOUNTS.owner].sort());
      expect(goneMails[0]!.parsed.subject).toBe('A webhook endpoint of Demo Academy was disabled');
      expect(goneMails[0]!.parsed.text).toContain('The receiver answered 410 Gone');

      // An operator's own disable is announced to the other endpoints, but mails no one.
      await answered(sdk.updateWebhookEndpoint({ client, path: { webhook_id: failing.id }, body: { enabled: false } }));
      await receiver.until(() => notices('webhook_endpoint.disabled', failing.id).length > 0, 20_000);
      await sleep(1_000);
      expect(await mailsAbout(receiver.url('/fail'))).toHaveLength(2);

      const audit = await pageHtml(
        await signedIn(instance.origin, ACCOUNTS.admin),
        `${instance.origin}/admin/audit-log`,
      );
      const rows = [...audit.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
      expect(rows.filter((row) => row.includes('Webhook endpoint failing, operators told'))).toHaveLength(1);
    }, 60_000);
  },
);

describe.skipIf(skipWithoutPostgres('time-driven-events.test.ts'))(
  'two instances on one PostgreSQL database announce each lapsed enrollment once (docs/operations.md "Several instances")',
  () => {
    let scratch: { url: string; drop: () => Promise<void> } | undefined;
    const instances: Instance[] = [];
    let receiver: Receiver;

    beforeAll(async () => {
      receiver = await startReceiver();
      scratch = await createScratchPostgresDatabase(DATABASE_URL!);
      const { a, b } = await startTwoInstances(scratch.url, { ...SWEEP, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
      instances.push(a, b);
    }, 150_000);
    afterAll(async () => {
      await Promise.allSettled(instances.map((instance) => instance.stop()));
      await receiver?.close();
      await scratch?.drop();
    });

    it('twelve enrollments lapsing together send twelve enrollment.expired, one each, with both instances sweeping', async () => {
      const client = adminClient(instances[0]!.origin, await operatorToken(instances[0]!.origin, SCOPES));
      const endpoint = await answered(
        sdk.createWebhookEndpoint({ client, body: { url: receiver.url('/ok'), event_types: ['enrollment.expired'] } }),
      );
      const ids = await lapsingEnrollments(client, 12, 3_000);
      const expired = () => expiredByEnrollment(receiver, '/ok', endpoint.secret);
      await receiver.until(() => expired().size === ids.length, 30_000);
      await sleep(2_000); // more sweeps on both instances
      const counts = expired();
      expect(ids.map((id) => counts.get(id))).toEqual(ids.map(() => 1));
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(receiver.received.length);
    }, 60_000);
  },
);
