// The admin area's webhook actions (webhooks.ts) over the admin API's webhook service: who may
// (the webhooks scopes' roles), when an endpoint was disabled, which endpoints the home page names
// (those the delivery worker disabled), and a missing row as the area's 404.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { createRateLimiter } from '../rate-limiter.ts';
import { createWebhookAdmin } from './endpoints.ts';
import { toSite, type Site } from '../school/sites.ts';
import { disableEndpoint } from './disable.ts';
import { AreaForbidden, AreaNotFound, type Actor } from '../audit/actor.ts';
import { createWebhookActions, type WebhookActions } from './area-actions.ts';
import { CursorCodec } from '../../db/pagination/cursor.ts';

describe('webhooks in the admin area', () => {
  let test: TestDatabase;
  let site: Site;
  let admin: Actor;
  let lecturer: Actor;
  let actions: WebhookActions;
  beforeAll(async () => {
    test = await createTestDatabase();
    site = toSite(
      await test.db
        .insertInto('sites')
        .values({ slug: 'hooks', origin: 'http://hooks.test', name: 'Hooks' })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    const [a, l] = await test.db
      .insertInto('people')
      .values([{ email: 'admin@hooks.test' }, { email: 'lecturer@hooks.test' }])
      .returning('id')
      .execute();
    await test.db
      .insertInto('site_roles')
      .values([
        { site_id: site.id, person_id: a!.id, role: 'admin' },
        { site_id: site.id, person_id: l!.id, role: 'lecturer' },
      ])
      .execute();
    admin = { siteId: site.id, personId: a!.id, ip: '127.0.0.1' };
    lecturer = { siteId: site.id, personId: l!.id, ip: '127.0.0.1' };
    const webhooks = createWebhookAdmin(
      test.db,
      {
        keyEncryptionKey: randomBytes(32),
        allowPrivateAddresses: false,
        endpointsPerSchool: 16,
        eventsRetentionDays: 30,
        rateLimiter: createRateLimiter(test.db),
      },
      new CursorCodec(),
    );
    actions = createWebhookActions(test.db, webhooks);
  });
  afterAll(async () => test?.drop());

  const create = (url: string) =>
    actions.create(site, admin, { url, description: '', eventTypes: ['course.published'] });

  it('a lecturer may neither read nor change webhooks, as no token of theirs may hold the webhooks scopes', async () => {
    const { id } = await create('https://kept.example/hook');
    await expect(actions.list(site, lecturer, undefined)).rejects.toBeInstanceOf(AreaForbidden);
    await expect(actions.get(site, lecturer, id)).rejects.toBeInstanceOf(AreaForbidden);
    await expect(actions.remove(site, lecturer, id)).rejects.toBeInstanceOf(AreaForbidden);
    await expect(
      actions.create(site, lecturer, { url: 'https://x.example/', description: '', eventTypes: ['order.paid'] }),
    ).rejects.toBeInstanceOf(AreaForbidden);
    expect(actions.visibleTo(site, ['lecturer'])).toBe(false);
    expect(await actions.disabledByDelivery(site, ['lecturer'])).toEqual([]);
    expect((await actions.get(site, admin, id)).status).toBe('enabled');
  });

  it('the home notice names the endpoints the delivery worker disabled (410 Gone, failing), the latest first, with their time; not one an operator disabled; enabling ends the notice and the time', async () => {
    const gone = await create('https://gone.example/hook');
    const failing = await create('https://failing.example/hook');
    const paused = await create('https://paused.example/hook');
    const before = Date.now();
    await disableEndpoint(test.db, site.id, gone.id, 'gone');
    await disableEndpoint(test.db, site.id, failing.id, 'failing');
    await actions.setEnabled(site, admin, paused.id, false);

    const notices = await actions.disabledByDelivery(site, ['admin']);
    expect(notices.map((n) => [n.id, n.reason])).toEqual([
      [failing.id, 'failing'],
      [gone.id, 'gone'],
    ]);
    expect(notices[0]!.url).toBe('https://failing.example/hook');
    for (const n of notices) expect(n.disabledAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const shown = await actions.get(site, admin, paused.id);
    expect(shown).toMatchObject({ status: 'disabled', disabled_reason: 'operator' });
    expect(shown.disabled_at).toBeInstanceOf(Date);

    await actions.setEnabled(site, admin, gone.id, true);
    expect((await actions.disabledByDelivery(site, ['admin'])).map((n) => n.id)).toEqual([failing.id]);
    expect(await actions.get(site, admin, gone.id)).toMatchObject({ status: 'enabled', disabled_at: null });
    const listed = (await actions.list(site, admin, undefined)).endpoints;
    expect(listed.find((e) => e.id === failing.id)!.disabled_at).toBeInstanceOf(Date);
    expect(listed.find((e) => e.id === gone.id)!.disabled_at).toBeNull();
  });

  it('the confirmation before disabling counts what disabling abandons: the waiting deliveries of that endpoint only (docs/security.md "Confirmations"); a lecturer may not ask', async () => {
    const paused = await create('https://to-pause.example/hook');
    const other = await create('https://other.example/hook');
    for (let i = 0; i < 3; i++) await actions.sendTest(site, admin, paused.id);
    await actions.sendTest(site, admin, other.id);
    // One of the three was sent already: it waits no more.
    const sent = await test.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', paused.id)
      .executeTakeFirstOrThrow();
    await test.db.updateTable('webhook_deliveries').set({ status: 'succeeded' }).where('id', '=', sent.id).execute();

    const outcome = await actions.disableOutcome(site, admin, paused.id);
    expect(outcome.endpoint).toMatchObject({ id: paused.id, url: 'https://to-pause.example/hook', status: 'enabled' });
    expect(outcome.waiting).toBe(2);
    await expect(actions.disableOutcome(site, lecturer, paused.id)).rejects.toBeInstanceOf(AreaForbidden);

    await actions.setEnabled(site, admin, paused.id, false);
    expect((await actions.disableOutcome(site, admin, paused.id)).waiting).toBe(0);
    expect((await actions.disableOutcome(site, admin, other.id)).waiting).toBe(1);
  });

  it('an endpoint or delivery that does not exist at this school is the area 404 page, each in its own words', async () => {
    const { id } = await create('https://real.example/hook');
    await expect(actions.get(site, admin, randomUUID())).rejects.toMatchObject({
      constructor: AreaNotFound,
      text: { key: 'admin.webhooks.error.noSuchEndpoint' },
    });
    await expect(actions.redeliver(site, admin, id, randomUUID())).rejects.toMatchObject({
      constructor: AreaNotFound,
      text: { key: 'admin.webhooks.error.noSuchDelivery' },
    });
    // A page cursor that does not decode starts again from the newest page.
    expect((await actions.list(site, admin, 'not-a-cursor')).endpoints.length).toBeGreaterThan(0);
  });
});
