// How a service sends a mail: it enqueues it in the outbox inside its own transaction (outbox.ts),
// so a mail is never sent for a change that rolled back and never lost once the change committed.
// In production without SMTP_URL no mail can leave: enqueueing then refuses with MailNotConfigured
// instead of pretending, and the admin area shows a notice on the pages whose actions mail
// (docs/operations.md "Mail").
import type { MailTransportConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { RuleViolation } from '../errors.ts';
import { enqueueOutboxMessage } from '../outbox/outbox.ts';
import { sealMail, type MailContent } from './mail-payload.ts';

/** docs/operations.md "Mail": this deployment sends no mail (production without SMTP_URL). */
export class MailNotConfigured extends RuleViolation {
  constructor() {
    super('This service sends no mail: its operator has not configured an SMTP server (SMTP_URL).');
  }
}

export type MailOutbox = {
  /** False in production without SMTP_URL: nothing that needs a mail can be done. */
  readonly available: boolean;
  /** Enqueues `mail` through `db`, the caller's transaction. @throws MailNotConfigured */
  enqueue(db: Db, siteId: string, mail: MailContent): Promise<void>;
};

export function createMailOutbox(options: { transport: MailTransportConfig; keyEncryptionKey: Buffer }): MailOutbox {
  const available = options.transport.kind !== 'none';
  return {
    available,
    async enqueue(db, siteId, mail) {
      if (!available) throw new MailNotConfigured();
      await enqueueOutboxMessage(db, { siteId, kind: 'mail', payload: sealMail(options.keyEncryptionKey, mail) });
    },
  };
}
