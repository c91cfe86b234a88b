// The admin area's "Webhooks" pages over plain HTTP with a cookie jar, as an admin of Demo Academy
// uses them in a browser: create (post, then redirect: the signing secret shown once), the list, test events and the
// deliveries they leave, redeliver, disable and enable, recover missed events, edit, delete, and an endpoint the delivery
// worker disabled after a 410 Gone, named with its reason and time on its page, the list and the
// admin home page. On an instance of this file's own that may send to a loopback receiver
// (WEBHOOK_ALLOW_PRIVATE_ADDRESSES, development only) and polls often; every delivery the
// receiver gets is verified with the Standard Webhooks reference library and the secret the page
// showed.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable, startOwnInstance } from '../service/own-instance.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { browserFetch, decodeEntities, type CookieJar } from '../support/cookie-jar.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { csrfFor, pageHtml, postForm, signedIn } from './area-http.ts';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { answered } from '../support/answered.ts';
import { operatorToken } from '../support/tokens.ts';

type Created = { id: string; secret: string; response: Response; location: string; html: string };
type Envelope = { id: string; type: string; data: Record<string, unknown> };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe.skipIf(ownInstanceUnavailable)('the admin area\'s "Webhooks" pages (OpenAPI tag Webhooks)', () => {
  let instance: Instance;
  let receiver: Receiver;
  let origin: string;
  let admin: CookieJar;

  beforeAll(async () => {
    receiver = await startReceiver();
    instance = await startOwnInstance({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_POLL_MS: '50' });
    origin = instance.origin;
    // An admin, not the owner: webhooks:write is an admin's scope too, and the pages follow it.
    admin = await signedIn(origin, ACCOUNTS.admin);
  }, 120_000);
  afterAll(async () => {
    await instance?.stop();
    await receiver?.close();
  });

  /** "New endpoint" posted as the form sends it (event types as repeated checkboxes). */
  async function create(url: string, description: string, types: string[]): Promise<Created> {
    const csrf = csrfFor(await pageHtml(admin, `${origin}/admin/webhooks/new`), '/admin/webhooks');
    const response = await postForm(admin, `${origin}/admin/webhooks`, [
      ['csrf_token', csrf],
      ['url', url],
      ['description', description],
      ...types.map((type): [string, string] => ['event_type', type]),
    ]);
    expect(response.status, (await response.clone().text()).slice(0, 500)).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/admin/webhooks/${UUID}/secret\\?shown=[A-Za-z0-9_-]{43}$`));
    const shown = await browserFetch(admin, `${origin}${location}`);
    const html = await shown.text();
    expect(shown.status, html.slice(0, 500)).toBe(200);
    return {
      id: new RegExp(`href="/admin/webhooks/(${UUID})"`).exec(html)![1]!,
      secret: decodeEntities(/id="webhook-secret"[^>]*value="([^"]+)"/.exec(html)![1]!),
      response: shown,
      location,
      html,
    };
  }

  /** Posts the form of `page` whose action is `action`, with its CSRF token; the response. */
  async function submit(page: string, action: string, fields: Array<[string, string]> = []): Promise<Response> {
    const csrf = csrfFor(await pageHtml(admin, `${origin}${page}`), action);
    return postForm(admin, `${origin}${action}`, [['csrf_token', csrf], ...fields]);
  }

  const endpointPage = (id: string) => pageHtml(admin, `${origin}/admin/webhooks/${id}`);

  /** The deliveries table's rows of an endpoint's page, tags removed. */
  async function deliveryRows(id: string): Promise<string[]> {
    const html = await endpointPage(id);
    const table = /<caption[^>]*>Deliveries to this endpoint[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
    return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) =>
      decodeEntities(m[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).trim(),
    );
  }

  const received = (eventId: string) => receiver.received.filter((r) => r.headers['webhook-id'] === eventId);

  it('"New endpoint" redirects (303) to a page showing the signing secret once; its reload, the list and the endpoint page never show it again, and the list shows URL, description (as text), event types and status', async () => {
    const description = `<img src=x onerror=alert(1)> & "CRM sync"`;
    const created = await create(receiver.url('/ok'), description, ['course.published', 'enrollment.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    // Post, then redirect: reloading the result page shows the endpoint, not the secret, and creates nothing.
    const reloaded = await pageHtml(admin, `${origin}${created.location}`);
    expect(reloaded).not.toContain(created.secret);
    expect(reloaded).toContain('id="secret-gone"');
    expect(reloaded).toContain(`href="/admin/webhooks/${created.id}"`);
    // A page with a secret is never cached (pageHeaders: Cache-Control no-store) nor framed.
    expect(created.response.headers.get('cache-control')).toBe('no-store');
    expect(created.response.headers.get('x-frame-options')).toBe('DENY');

    const list = await pageHtml(admin, `${origin}/admin/webhooks`);
    const row = [...list.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!).find((r) => r.includes(created.id))!;
    expect(row).toContain(receiver.url('/ok'));
    expect(row).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;CRM sync&quot;');
    expect(row).toContain('<code class="small">course.published</code>');
    expect(row).toContain('<code class="small">enrollment.created</code>');
    expect(row).toContain('Enabled');
    expect(list).not.toContain('<img src=x');
    for (const html of [list, await endpointPage(created.id)]) expect(html).not.toContain(created.secret);
  });

  it('"Send test event" delivers a webhook.test signed with the secret the page showed; the endpoint\'s deliveries list it with event type, status, attempts, response code and duration, and "Redeliver" sends the same webhook-id again', async () => {
    const { id, secret } = await create(receiver.url('/ok'), 'Test target', ['order.paid']);
    const sent = await submit(`/admin/webhooks/${id}`, `/admin/webhooks/${id}/test`);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/admin/webhooks/${id}?done=webhook-test-sent`);

    const test = () =>
      receiver.received.find((r) => {
        const body = JSON.parse(r.body) as Envelope;
        return body.type === 'webhook.test' && body.data.endpoint_id === id;
      });
    await receiver.until(() => test() !== undefined);
    // Standard Webhooks "Verifying webhooks": the reference library throws unless a signature matches.
    const event = new Webhook(secret).verify(test()!.body, test()!.headers) as Envelope;
    expect(event.type).toBe('webhook.test');

    await expect.poll(async () => (await deliveryRows(id))[1], { timeout: 10_000 }).toMatch(/Succeeded/);
    const [header, row] = await deliveryRows(id);
    expect(header).toBe('Queued Event type Status Attempts Response code Duration Last attempt Actions');
    expect(row).toMatch(/^\S.* webhook\.test Succeeded 1 204 \d+ ms \S.* Redeliver$/);

    const page = await endpointPage(id);
    const deliveryId = new RegExp(`action="/admin/webhooks/${id}/deliveries/(${UUID})/redeliver"`).exec(page)![1]!;
    const again = await submit(`/admin/webhooks/${id}`, `/admin/webhooks/${id}/deliveries/${deliveryId}/redeliver`);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`/admin/webhooks/${id}?done=webhook-redelivered`);
    await receiver.until(() => received(event.id).length === 2);
    expect(received(event.id)[1]!.body).toBe(received(event.id)[0]!.body);
    await expect.poll(async () => (await deliveryRows(id))[1], { timeout: 10_000 }).toMatch(/Succeeded 2 204/);
  });

  it('"Disable" says on the endpoint page and the list who disabled it and since when, and a test event is refused until "Enable"; the home page names only endpoints the delivery worker disabled', async () => {
    const { id } = await create(receiver.url('/ok'), 'Paused', ['course.archived']);
    // Disabling asks first, on a page of its own whose form posts it.
    const disabled = await submit(`/admin/webhooks/${id}/disable`, `/admin/webhooks/${id}/disable`);
    expect(disabled.headers.get('location')).toBe(`/admin/webhooks/${id}?done=webhook-disabled`);

    const page = await pageHtml(admin, `${origin}${disabled.headers.get('location')}`);
    expect(page).toContain('Endpoint disabled; deliveries still waiting were abandoned.');
    const notice = /<p class="notice" role="alert">([\s\S]*?)<\/p>/.exec(page)![1]!;
    expect(notice).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+Z">Disabled since [^<]+\.<\/time>/);
    expect(notice).toContain('An operator disabled it.');
    const since = Date.parse(/datetime="([^"]+)"/.exec(notice)![1]!);
    expect(Math.abs(Date.now() - since)).toBeLessThan(60_000);
    const list = await pageHtml(admin, `${origin}/admin/webhooks`);
    const row = [...list.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!).find((r) => r.includes(id))!;
    expect(row).toContain('Disabled since');
    expect(row).toContain('An operator disabled it.');
    expect(await pageHtml(admin, `${origin}/admin`)).not.toContain(`/admin/webhooks/${id}`);

    // The test form is gone from the page; posted anyway, the service refuses it (enable it first).
    expect(page).not.toContain(`action="/admin/webhooks/${id}/test"`);
    // (A session's CSRF token is per purpose: an enabled endpoint's test form carries a valid one.)
    const other = (await create(receiver.url('/ok'), 'Other', ['order.paid'])).id;
    const csrf = csrfFor(await endpointPage(other), `/admin/webhooks/${other}/test`);
    const refused = await postForm(admin, `${origin}/admin/webhooks/${id}/test`, [['csrf_token', csrf]]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('enable it first');

    const enabled = await submit(`/admin/webhooks/${id}`, `/admin/webhooks/${id}/enable`);
    expect(enabled.headers.get('location')).toBe(`/admin/webhooks/${id}?done=webhook-enabled`);
    const after = await endpointPage(id);
    expect(after).not.toContain('Disabled since');
    expect(after).toContain('<span class="status status-enabled">Enabled</span>');
    expect((await submit(`/admin/webhooks/${id}`, `/admin/webhooks/${id}/test`)).status).toBe(303);
  });

  it('"Recover missed events" queues what the endpoint missed while disabled, since the time typed in the school\'s time zone, each event once; a time past the retention is refused on the page (/webhooks.md "Events and recovery")', async () => {
    const url = `${receiver.url('/ok')}?area-recovered`;
    const { id, secret } = await create(url, 'Recovering', ['course.published']);
    const page = `/admin/webhooks/${id}`;
    expect((await submit(`${page}/disable`, `${page}/disable`)).status).toBe(303);
    const api = adminClient(origin, await operatorToken(origin, 'courses:write'));
    const course = await answered(sdk.createCourse({ client: api, body: { title: 'Missed while paused' } }));
    await answered(sdk.publishCourse({ client: api, path: { course_id: course.id } }));
    expect((await submit(page, `${page}/enable`)).status).toBe(303);

    // The form offers a day back in the school's time zone; posted as offered.
    const since = decodeEntities(/name="since" required value="([^"]+)"/.exec(await endpointPage(id))![1]!);
    const recovered = await submit(page, `${page}/recover`, [['since', since]]);
    expect(recovered.status).toBe(303);
    expect(recovered.headers.get('location')).toBe(`${page}?done=webhook-recovered`);
    expect(await pageHtml(admin, `${origin}${recovered.headers.get('location')}`)).toContain(
      'Missed events queued; they appear under Recent deliveries.',
    );
    const ours = () => receiver.received.filter((r) => r.path === '/ok?area-recovered');
    await receiver.until(() => ours().length === 1);
    const event = new Webhook(secret).verify(ours()[0]!.body, ours()[0]!.headers) as Envelope;
    expect(event).toMatchObject({ type: 'course.published', data: { id: course.id } });

    expect((await submit(page, `${page}/recover`, [['since', since]])).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ours()).toHaveLength(1);

    for (const typed of ['2000-01-01T00:00', 'yesterday']) {
      const refused = await submit(page, `${page}/recover`, [['since', typed]]);
      expect(refused.status, typed).toBe(400);
      expect(await refused.text()).toContain('Recovery refused');
    }
  });

  it('the endpoint form offers the wildcards with their meaning; one chosen is kept as written and stays chosen on the edit form (/webhooks.md "Wildcards")', async () => {
    const form = await pageHtml(admin, `${origin}/admin/webhooks/new`);
    expect(form).toContain('value="*"');
    expect(form).toContain('<code>order.*</code> — Every order event (order.*).');
    const { id } = await create(`${receiver.url('/ok')}?wildcard`, 'Orders', ['order.*', 'course.published']);
    const page = await endpointPage(id);
    expect(page).toMatch(/id="event-order-all" name="event_type" value="order\.\*" checked>/);
    expect(page).toMatch(/id="event-course.published" name="event_type" value="course\.published" checked>/);
    expect(page).not.toMatch(/id="event-all" name="event_type" value="\*" checked>/);
  });

  it('"Edit" saves URL, description and event types; a URL that is not http(s) is refused on the form naming the field, and nothing changes', async () => {
    const { id } = await create(receiver.url('/ok'), 'Before', ['course.published']);
    const refused = await submit(`/admin/webhooks/${id}`, `/admin/webhooks/${id}`, [
      ['url', 'ftp://127.0.0.1/hook'],
      ['description', 'Refused'],
      ['event_type', 'course.published'],
    ]);
    expect(refused.status).toBe(400);
    const form = await refused.text();
    expect(form).toContain('The endpoint was not saved:');
    expect(form).toMatch(/URL: <span lang="en">must be an https URL<\/span>/);
    // The form keeps what was typed, and the stored endpoint is unchanged.
    expect(form).toContain('value="ftp://127.0.0.1/hook"');
    expect(await endpointPage(id)).toContain('<dd>Before</dd>');

    const none = await submit(`/admin/webhooks/${id}`, `/admin/webhooks/${id}`, [
      ['url', receiver.url('/ok')],
      ['description', 'No types'],
    ]);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Choose at least one event type.');

    const saved = await submit(`/admin/webhooks/${id}`, `/admin/webhooks/${id}`, [
      ['url', receiver.url('/flaky')],
      ['description', 'After'],
      ['event_type', 'order.paid'],
      ['event_type', 'order.refunded'],
    ]);
    expect(saved.headers.get('location')).toBe(`/admin/webhooks/${id}?done=webhook-updated`);
    const page = await endpointPage(id);
    expect(page).toContain(`<dd><code>${receiver.url('/flaky')}</code></dd>`);
    expect(page).toContain('<dd>After</dd>');
    expect(page).toContain('<dd><code>order.paid</code> <code>order.refunded</code></dd>');
  });

  it('"Delete" asks first, then deletes: the endpoint is gone from the list and its page is 404', async () => {
    const { id } = await create(receiver.url('/ok'), 'Short-lived', ['student.created']);
    const confirm = await pageHtml(admin, `${origin}/admin/webhooks/${id}/delete`);
    expect(confirm).toContain('Delete this endpoint?');
    expect(await pageHtml(admin, `${origin}/admin/webhooks`)).toContain(id);

    const deleted = await submit(`/admin/webhooks/${id}/delete`, `/admin/webhooks/${id}/delete`);
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get('location')).toBe('/admin/webhooks?done=webhook-deleted');
    const list = await pageHtml(admin, `${origin}/admin/webhooks?done=webhook-deleted`);
    expect(list).toContain('Endpoint deleted.');
    expect(list).not.toContain(id);
    expect((await browserFetch(admin, `${origin}/admin/webhooks/${id}`)).status).toBe(404);
  });

  it('an endpoint whose receiver answered 410 Gone is disabled by the delivery worker and shown so, with that reason and its time, on its page, the list and the admin home page, which links to it (Standard Webhooks "Delivery behaviour")', async () => {
    const { id } = await create(receiver.url('/gone'), 'Retired receiver', ['course.published']);
    expect((await submit(`/admin/webhooks/${id}`, `/admin/webhooks/${id}/test`)).status).toBe(303);

    const gone = 'The receiver answered 410 Gone, which asks never to be called again.';
    await expect
      .poll(async () => pageHtml(admin, `${origin}/admin`), { timeout: 10_000 })
      .toContain(`href="/admin/webhooks/${id}"`);
    const home = await pageHtml(admin, `${origin}/admin`);
    const notice = /<section class="card notice" role="alert"[\s\S]*?<\/section>/.exec(home)![0];
    expect(notice).toContain('A webhook endpoint was disabled');
    const item = [...notice.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!).find((li) => li.includes(id))!;
    expect(item).toContain(receiver.url('/gone'));
    expect(item).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+Z">Disabled since [^<]+<\/time>/);
    expect(item).toContain(gone);

    const page = await endpointPage(id);
    expect(page).toContain('This endpoint is disabled');
    expect(page).toContain(gone);
    // The failure in a sentence from its error class, with the receiver's host (never the class code).
    const host = new URL(receiver.url('/gone')).host.replaceAll('.', '\\.');
    expect((await deliveryRows(id))[1]).toMatch(
      new RegExp(
        `webhook\\.test Failed 1 410 ${host} answered with status 410 instead of accepting the delivery \\(2xx\\)\\. \\d+ ms`,
      ),
    );
    expect((await deliveryRows(id))[1]).not.toContain('http_status');
    const list = await pageHtml(admin, `${origin}/admin/webhooks`);
    const row = [...list.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!).find((r) => r.includes(id))!;
    expect(row).toContain('<span class="status status-disabled">Disabled</span>');
    expect(row).toContain(gone);
  });

  it('every change made on the webhook pages is on the Audit log page, with who made it (every change in the admin area is audited)', async () => {
    const url = `${receiver.url('/ok')}?audited=${Date.now()}`;
    const { id } = await create(url, 'Audited', ['course.published']);
    const page = `/admin/webhooks/${id}`;
    // [action, its fields, the page whose form posts it when that is not the endpoint's page]
    const steps: Array<[string, Array<[string, string]>, string?]> = [
      [
        page,
        [
          ['url', url],
          ['description', 'Audited, changed'],
          ['event_type', 'course.archived'],
        ],
      ],
      [`${page}/disable`, [], `${page}/disable`],
      [`${page}/enable`, []],
      // Disabling and rotating ask first, each on a page of its own.
      [`${page}/rotate-secret`, [], `${page}/rotate-secret`],
    ];
    for (const [action, fields, from] of steps)
      expect((await submit(from ?? page, action, fields)).status, action).toBeLessThan(400);
    expect((await submit(`${page}/delete`, `${page}/delete`)).status).toBe(303);

    const rows = [...(await pageHtml(admin, `${origin}/admin/audit-log`)).matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
      .map((m) => decodeEntities(m[1]!))
      .filter((row) => row.includes(ACCOUNTS.admin));
    const about = (label: string) => rows.filter((row) => row.includes(label) && row.includes(`url: ${url}`));
    for (const label of [
      'Webhook endpoint created',
      'Webhook endpoint changed',
      'Webhook endpoint disabled',
      'Webhook endpoint enabled',
      'Webhook endpoint deleted',
    ])
      expect(about(label), label).toHaveLength(1);
    expect(about('Webhook endpoint changed')[0]).toContain('changed: ["description","event_types"]');
    expect(rows.some((row) => row.includes('Webhook secret rotated'))).toBe(true);
  });

  it('the rotate form offers the overlap (24 hours chosen); "at once" says the previous secret stopped, and deliveries carry only the new signature (/webhooks.md "Verifying a delivery")', async () => {
    const { id } = await create(receiver.url('/ok'), 'Rotated at once', ['course.published']);
    const page = `/admin/webhooks/${id}`;
    const form = await endpointPage(id);
    expect(form).toMatch(/<select id="rotate-overlap" name="overlap_seconds">/);
    expect(form).toContain('<option value="86400" selected>24 hours</option>');
    expect(form).toContain('<option value="0">At once: the previous secret stops signing now</option>');
    // The form opens the confirmation page with the choice; it says what the choice does and posts it.
    const confirmation = `${page}/rotate-secret?overlap_seconds=0`;
    expect(await pageHtml(admin, `${origin}${confirmation}`)).toContain('The previous secret stops signing at once');
    const response = await submit(confirmation, `${page}/rotate-secret`, [['overlap_seconds', '0']]);
    expect(response.status).toBe(303);
    const html = await pageHtml(admin, new URL(response.headers.get('location')!, origin).toString());
    expect(html).toContain('The previous secret stopped signing at once');
    const secret = decodeEntities(/id="webhook-secret"[^>]*value="([^"]+)"/.exec(html)![1]!);
    expect((await submit(page, `${page}/test`)).status).toBe(303);
    await receiver.until((all) => all.some((r) => r.path === '/ok' && r.body.includes(id)));
    const request = receiver.received.find((r) => r.path === '/ok' && r.body.includes(id))!;
    expect(request.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect((new Webhook(secret).verify(request.body, request.headers) as Envelope).type).toBe('webhook.test');
    const refused = await submit(page, `${page}/rotate-secret`, [['overlap_seconds', 'soon']]);
    expect(refused.status).toBe(400);
  });

  it('a lecturer is refused every webhook page and action with 403, and nothing changes (role checks for every action)', async () => {
    const { id } = await create(receiver.url('/ok'), 'Kept', ['course.published']);
    const lecturer = await signedIn(origin, ACCOUNTS.lecturer);
    for (const path of [
      '/admin/webhooks',
      '/admin/webhooks/new',
      `/admin/webhooks/${id}`,
      `/admin/webhooks/${id}/delete`,
      `/admin/webhooks/${id}/disable`,
    ])
      expect((await browserFetch(lecturer, `${origin}${path}`)).status, path).toBe(403);
    const actions = [
      '',
      `/${id}`,
      `/${id}/delete`,
      `/${id}/disable`,
      `/${id}/rotate-secret`,
      `/${id}/test`,
      `/${id}/recover`,
    ];
    for (const path of actions) {
      const response = await postForm(lecturer, `${origin}/admin/webhooks${path}`, [
        ['url', 'http://127.0.0.1:9/taken'],
        ['description', 'Taken'],
        ['event_type', 'course.published'],
      ]);
      expect(response.status, path).toBe(403);
    }
    const page = await endpointPage(id);
    expect(page).toContain('<dd>Kept</dd>');
    expect(page).toContain('status-enabled');
    expect(await pageHtml(admin, `${origin}/admin/webhooks`)).not.toContain('Taken');
  });
});
