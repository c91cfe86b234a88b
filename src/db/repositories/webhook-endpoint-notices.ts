// SQL of the notices about troubled webhook endpoints (services/webhooks/endpoint-notices.ts).
// Each claim is one UPDATE that marks the episode it tells of (the failing run's failing_since, the
// disable's disabled_at) on rows no other instance holds (SKIP LOCKED), checked again on the
// locked row: one notice per episode, on any number of instances.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { timeText } from '../pagination/keyset.ts';
import type { WebhookEndpointRow } from './webhook-endpoints.ts';

const NOTICE_COLUMNS = sql`*, ${timeText('created_at')} as created_at_exact`;

/**
 * Enabled endpoints failing without a success for `thresholdMs` whose run was not told of yet,
 * marked told.
 */
export async function claimFailingNotices(trx: Db, thresholdMs: number, limit: number): Promise<WebhookEndpointRow[]> {
  const due = sql`status = 'enabled' and failing_since <= now() - make_interval(secs => ${thresholdMs / 1000})
    and failing_noticed_since is distinct from failing_since`;
  const { rows } = await sql<WebhookEndpointRow>`
    update webhook_endpoints set failing_noticed_since = failing_since
    where id in (select id from webhook_endpoints where ${due} limit ${limit} for update skip locked) and ${due}
    returning ${NOTICE_COLUMNS}`.execute(trx);
  return rows;
}

/** Disabled endpoints whose disable was not told of yet, marked told. */
export async function claimDisabledNotices(trx: Db, limit: number): Promise<WebhookEndpointRow[]> {
  const due = sql`status = 'disabled' and disabled_noticed_at is distinct from disabled_at`;
  const { rows } = await sql<WebhookEndpointRow>`
    update webhook_endpoints set disabled_noticed_at = disabled_at
    where id in (select id from webhook_endpoints where ${due} limit ${limit} for update skip locked) and ${due}
    returning ${NOTICE_COLUMNS}`.execute(trx);
  return rows;
}

/** Who runs the school: its owners and admins, each once. */
export async function listSchoolOperators(
  db: Db,
  siteId: string,
): Promise<Array<{ email: string; name: string | null }>> {
  return db
    .selectFrom('people as p')
    .select(['p.email', 'p.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('site_roles as r')
          .whereRef('r.person_id', '=', 'p.id')
          .where('r.site_id', '=', siteId)
          .where('r.role', 'in', ['owner', 'admin']),
      ),
    )
    .orderBy('p.email')
    .execute();
}

/** An operational event about an endpoint is for the school's other endpoints: its own delivery is withdrawn. */
export async function withdrawDelivery(trx: Db, eventId: string, endpointId: string): Promise<void> {
  await trx
    .deleteFrom('webhook_deliveries')
    .where('event_id', '=', eventId)
    .where('endpoint_id', '=', endpointId)
    .execute();
}
