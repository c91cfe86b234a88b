// docs/webhooks.md "Operators hear about failure": an endpoint that failed without a success for
// WEBHOOK_FAILING_NOTICE_MS, and one that was disabled, is told of once per episode (a failing
// run, a disable): a mail to each owner and admin of the school (in the school's language through
// the outbox; not for a disable an operator made, who knows), `webhook_endpoint.failing` or
// `webhook_endpoint.disabled` to the school's other endpoints subscribed to it, and for a failing
// run an audit entry (a disable has its own, disable.ts). The claim and all of these are one
// transaction, so a notice is neither lost nor sent twice; the delivery worker's disabling and
// failing runs (disable.ts, repositories/webhook-endpoints.ts markFailing) stay as they are: this
// reads what they wrote.
import type { Db } from '../../db/database.ts';
import { insertAuditEvents } from '../../db/repositories/audit-events.ts';
import {
  claimDisabledNotices,
  claimFailingNotices,
  listSchoolOperators,
  withdrawDelivery,
} from '../../db/repositories/webhook-endpoint-notices.ts';
import type { WebhookEndpointRow } from '../../db/repositories/webhook-endpoints.ts';
import { findSchoolOfEvent } from '../../db/repositories/webhook-events.ts';
import { toIso } from '../../lib/time.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { MailTemplate } from '../mail/templates.ts';
import { recordEvent } from './outbox.ts';
import { toWebhookEndpoint } from './shapes.ts';

export type EndpointNoticeDeps = { db: Db; mail: MailOutbox };

/** Notices per transaction: bounded, however many endpoints are in trouble at once. */
const BATCH = 20;

type Notice = {
  template: Extract<MailTemplate, 'webhook-failing' | 'webhook-disabled'>;
  type: 'webhook_endpoint.failing' | 'webhook_endpoint.disabled';
  since: Date | null;
  mailed: boolean;
};

async function tell(deps: EndpointNoticeDeps, trx: Db, row: WebhookEndpointRow, notice: Notice): Promise<void> {
  const school = await findSchoolOfEvent(trx, row.site_id);
  // Without SMTP in production no mail can leave (docs/operations.md "Mail"): the rest still holds.
  const operators = notice.mailed && deps.mail.available ? await listSchoolOperators(trx, row.site_id) : [];
  for (const person of operators)
    await deps.mail.enqueue(trx, row.site_id, {
      to: person.email,
      template: notice.template,
      values: {
        name: person.name ?? person.email,
        url: row.url,
        description: row.description,
        since: toIso(notice.since) ?? '',
        reason: row.disabled_reason ?? '',
        link: `${school.origin}/admin/webhooks/${row.id}`,
      },
    });
  const event = await recordEvent(trx, school, notice.type, toWebhookEndpoint(row));
  // A failing endpoint subscribed to its own notice would only be sent one more failure.
  await withdrawDelivery(trx, event.id, row.id);
  if (notice.type === 'webhook_endpoint.failing')
    await insertAuditEvents(trx, [
      {
        siteId: row.site_id,
        actorPersonId: null,
        actorClientId: null,
        ip: null,
        action: 'webhook_endpoint.failing',
        targetType: 'webhook_endpoint',
        targetId: row.id,
        details: { url: row.url, failing_since: toIso(row.failing_since), mailed: operators.length },
      },
    ]);
}

/** Tells of every endpoint newly failing for `failingNoticeMs` or newly disabled. @returns how many notices */
export async function noticeEndpointTrouble(deps: EndpointNoticeDeps, failingNoticeMs: number): Promise<number> {
  let told = 0;
  for (;;) {
    const claimed = await deps.db.transaction().execute(async (trx) => {
      const failing = await claimFailingNotices(trx, failingNoticeMs, BATCH);
      for (const row of failing)
        await tell(deps, trx, row, {
          template: 'webhook-failing',
          type: 'webhook_endpoint.failing',
          since: row.failing_since,
          mailed: true,
        });
      const disabled = await claimDisabledNotices(trx, BATCH);
      for (const row of disabled)
        await tell(deps, trx, row, {
          template: 'webhook-disabled',
          type: 'webhook_endpoint.disabled',
          since: row.disabled_at,
          mailed: row.disabled_reason !== 'operator',
        });
      return [failing.length, disabled.length] as const;
    });
    told += claimed[0] + claimed[1];
    if (claimed[0] < BATCH && claimed[1] < BATCH) return told;
  }
}
