// The access trail's storage rules (docs/operations.md "Access trail"), on the database the suite
// runs on (PGlite, or PostgreSQL with DATABASE_URL): one token.issued per grant and hour held by the
// unique index, a grant.revoked per grant ended naming its person and client, the filters and keyset
// pages of the reader, and the purge in bounded batches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeGrants } from '../../db/repositories/oauth-grants.ts';
import { openRefreshFixture } from '../../db/repositories/oauth-grants-test-fixture.ts';
import { CursorCodec } from '../../db/pagination/cursor.ts';
import { InvalidInput } from '../errors.ts';
import { createAuthEventReader, recordAuthEvent, recordClientRemoval, recordGrantsRevoked } from './auth-events.ts';
import { purgeAuthEvents } from './auth-events-purge.ts';
import { createTokenIssueTrail } from './token-issue-trail.ts';
import { AuthEventCounter } from '../../metrics/auth-event-counter.ts';
import { reconcileGrants } from '../auth/standing/reconcile-grants.ts';

type Fixture = Awaited<ReturnType<typeof openRefreshFixture>>;

describe('access trail (docs/operations.md "Access trail")', () => {
  let f: Fixture;
  const cursors = new CursorCodec();
  const reader = () => createAuthEventReader(f.db, cursors);
  const kinds = async () =>
    (await f.db.selectFrom('auth_events').select(['kind', 'reason', 'grant_id']).orderBy('occurred_at').execute()).map(
      (r) => `${r.kind}:${r.reason ?? ''}`,
    );

  beforeAll(async () => {
    f = await openRefreshFixture();
  });
  afterAll(async () => f?.test.drop());

  it('writes token.issued at most once per grant and hour, also across two recorders (instances)', async () => {
    await f.db.deleteFrom('auth_events').execute();
    const { grantId } = await f.family();
    let clock = new Date('2026-12-06T10:05:00Z');
    const options = { flushIntervalMs: 3_600_000, now: () => clock };
    const one = createTokenIssueTrail(f.db, options);
    const two = createTokenIssueTrail(f.db, options);
    const issue = {
      siteId: f.site.id,
      grantId,
      personId: f.personId,
      clientId: 'demo-study-buddy',
      grantType: 'refresh_token',
      ip: '127.0.0.1',
    };
    for (let i = 0; i < 5; i += 1) one.note(issue);
    two.note(issue);
    await one.flush();
    await two.flush();
    expect(await kinds()).toEqual(['token.issued:refresh_token']);
    clock = new Date('2026-12-06T11:00:01Z');
    one.note(issue);
    await one.stop();
    await two.stop();
    expect(await kinds()).toEqual(['token.issued:refresh_token', 'token.issued:refresh_token']);
  });

  it('writes one grant.revoked per grant this revocation ended, with its person and client', async () => {
    await f.db.deleteFrom('auth_events').execute();
    const a = await f.family();
    const b = await f.family();
    const ended = await revokeGrants(f.db, [a.grantId, b.grantId], 'test');
    await recordGrantsRevoked(f.db, ended, { reason: 'operator', actorPersonId: f.personId, ip: '10.0.0.1' });
    // A second revocation ends nothing, so it records nothing.
    await recordGrantsRevoked(f.db, await revokeGrants(f.db, [a.grantId], 'test'), { reason: 'operator' });
    const rows = await f.db.selectFrom('auth_events').selectAll().execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.kind === 'grant.revoked' && r.reason === 'operator')).toBe(true);
    expect(rows.every((r) => r.person_id === f.personId && r.client_id === 'demo-study-buddy')).toBe(true);
    expect(new Set(rows.map((r) => r.grant_id))).toEqual(new Set([a.grantId, b.grantId]));
  });

  it("records a removed client's live grants as ended by client_removed", async () => {
    await f.db.deleteFrom('auth_events').execute();
    await f.family();
    const live = await f.db
      .selectFrom('oauth_grants')
      .select('id')
      .where('client_row_id', '=', f.clientRowId)
      .where('revoked_at', 'is', null)
      .execute();
    await recordClientRemoval(f.db, f.site.id, f.clientRowId, {});
    expect(await kinds()).toEqual(live.map(() => 'grant.revoked:client_removed'));
  });

  it("refuses a reason outside the kind's closed list", async () => {
    await expect(recordAuthEvent(f.db, { siteId: f.site.id, kind: 'logout', reason: 'whatever' })).rejects.toThrow();
    await expect(
      recordAuthEvent(f.db, { siteId: f.site.id, kind: 'sign_in.failed', reason: 'typo' }),
    ).rejects.toThrow();
  });

  it('reads newest first, filtered by person, application, kind and time, page by page to the end', async () => {
    await f.db.deleteFrom('auth_events').execute();
    for (let i = 0; i < 7; i += 1)
      await recordAuthEvent(f.db, {
        siteId: f.site.id,
        kind: i % 2 ? 'sign_in.succeeded' : 'logout',
        personId: f.personId,
        clientId: i === 3 ? 'demo-progress-sync' : null,
        ip: '127.0.0.1',
      });
    await recordAuthEvent(f.db, { siteId: f.site.id, kind: 'sign_in.failed', reason: 'unknown_account' });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await reader().list(f.site.id, { limit: 3, cursor, person_id: f.personId });
      seen.push(...page.data.map((e) => e.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const times = (await reader().list(f.site.id, { limit: 100 })).data.map((e) => e.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await reader().list(f.site.id, { kind: 'logout' })).data).toHaveLength(4);
    expect((await reader().list(f.site.id, { client_id: 'demo-progress-sync' })).data).toHaveLength(1);
    const failed = (await reader().list(f.site.id, { kind: 'sign_in.failed' })).data;
    expect(failed).toEqual([expect.objectContaining({ person_id: null, reason: 'unknown_account' })]);
    expect((await reader().list(f.site.id, { since: '2999-01-01T00:00:00Z' })).data).toEqual([]);
    expect((await reader().list(f.site.id, { until: '2000-01-01T00:00:00Z' })).data).toEqual([]);
    await expect(
      reader().list(f.site.id, { since: '2026-12-02T00:00:00Z', until: '2026-12-01T00:00:00Z' }),
    ).rejects.toBeInstanceOf(InvalidInput);
  });

  it('purges events past the retention in bounded batches, keeping newer ones', async () => {
    await f.db.deleteFrom('auth_events').execute();
    await f.db
      .insertInto('auth_events')
      .values(
        Array.from({ length: 25 }, () => ({
          site_id: f.site.id,
          kind: 'logout',
          occurred_at: new Date(Date.now() - 100 * 86_400_000),
        })),
      )
      .execute();
    await recordAuthEvent(f.db, { siteId: f.site.id, kind: 'logout' });
    expect(await purgeAuthEvents(f.db, { retentionDays: 90, batch: 10, pauseMs: 0 })).toBe(25);
    expect(await kinds()).toEqual(['logout:']);
    // A run stops after its batches; the rest waits for the next run.
    await f.db
      .insertInto('auth_events')
      .values(
        Array.from({ length: 25 }, () => ({
          site_id: f.site.id,
          kind: 'logout',
          occurred_at: new Date(Date.now() - 100 * 86_400_000),
        })),
      )
      .execute();
    expect(await purgeAuthEvents(f.db, { retentionDays: 90, batch: 10, maxBatches: 2, pauseMs: 0 })).toBe(20);
  });

  it('ends member grants with feature_off when "MCP connections" is switched off, and with role_change when roles go (/auth.md "Access follows the school")', async () => {
    await f.db.deleteFrom('auth_events').execute();
    const a = await f.family();
    await f.db
      .updateTable('sites')
      .set({ beta_features: JSON.stringify({ mcp_connections: false }) } as never)
      .where('id', '=', f.site.id)
      .execute();
    await reconcileGrants(f.db, f.site.id, { audience: 'member' }, { reason: 'mcp_connections_disabled' });
    const rows = await f.db.selectFrom('auth_events').select(['kind', 'reason', 'grant_id']).execute();
    expect(rows.map((r) => r.grant_id)).toContain(a.grantId);
    expect(rows.every((r) => r.kind === 'grant.revoked' && r.reason === 'feature_off')).toBe(true);
    await f.db
      .updateTable('sites')
      .set({ beta_features: JSON.stringify({ mcp_connections: true }) } as never)
      .where('id', '=', f.site.id)
      .execute();
    await f.db.deleteFrom('auth_events').execute();
    const b = await f.family();
    await f.db.deleteFrom('site_roles').where('site_id', '=', f.site.id).where('person_id', '=', f.personId).execute();
    await reconcileGrants(f.db, f.site.id, { personId: f.personId }, { reason: 'member.removed', actorPersonId: null });
    const ended = await f.db.selectFrom('auth_events').select(['reason', 'grant_id']).execute();
    expect(ended.map((r) => r.grant_id)).toContain(b.grantId);
    expect(ended.every((r) => r.reason === 'role_change')).toBe(true);
    expect(a.grantId).not.toBe(b.grantId);
  });

  it('counts auth_events_total by kind as rows are written, not the token.issued an hour already has (docs/operations.md "Metrics")', async () => {
    const counted: string[] = [];
    const db = f.db.withPlugin(new AuthEventCounter((kind) => counted.push(kind)));
    await recordAuthEvent(db, { siteId: f.site.id, kind: 'logout' });
    const { grantId } = await f.family();
    await recordGrantsRevoked(db, await revokeGrants(db, [grantId], 'test'), { reason: 'operator' });
    const trail = createTokenIssueTrail(db, { flushIntervalMs: 3_600_000 });
    const issue = {
      siteId: f.site.id,
      grantId,
      personId: f.personId,
      clientId: 'demo-study-buddy',
      grantType: 'refresh_token',
      ip: null,
    };
    trail.note(issue);
    await trail.flush();
    const again = createTokenIssueTrail(db, { flushIntervalMs: 3_600_000 });
    again.note(issue);
    await again.stop();
    await trail.stop();
    expect(counted).toEqual(['logout', 'grant.revoked', 'token.issued']);
  });
});
