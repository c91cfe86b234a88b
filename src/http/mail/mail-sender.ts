// The outbox's sender of kind `mail` (services/outbox/outbox-worker.ts): opens the sealed mail
// (services/mail/mail-payload.ts), renders it in its school's language (render-mail.ts) and hands
// it to the transport, from the school's name at MAIL_FROM (nodemailer encodes the display name,
// RFC 5322 3.4 and RFC 2047, so a school's name cannot add a header or an address).
// process/serve.ts gives it to the worker; it lives with the pages because it renders like one.
import type { MailTransport } from '../../services/mail/transport.ts';
import { openMail } from '../../services/mail/mail-payload.ts';
import { PermanentOutboxFailure, type OutboxSender } from '../../services/outbox/outbox-worker.ts';
import type { Site } from '../../services/school/sites.ts';
import type { PageTexts } from '../pages/i18n/page-text.ts';
import { renderMail } from './render-mail.ts';

export type MailSenderDeps = {
  transport: MailTransport;
  /** MAIL_FROM: the address; the display name is the school's. */
  from: string;
  keyEncryptionKey: Buffer;
  pageTexts: PageTexts;
  findSite: (id: string) => Promise<Site | undefined>;
};

export function createMailSender(deps: MailSenderDeps): OutboxSender {
  return async (message) => {
    let mail;
    try {
      mail = openMail(deps.keyEncryptionKey, message.payload);
    } catch {
      // Sealed under another KEY_ENCRYPTION_KEY, or damaged: no attempt can open it.
      throw new PermanentOutboxFailure('the mail payload does not open with this KEY_ENCRYPTION_KEY');
    }
    const site = await deps.findSite(message.siteId);
    if (!site) throw new PermanentOutboxFailure('the school of this mail no longer exists');
    const rendered = renderMail(deps.pageTexts, site, mail.template, mail.values);
    await deps.transport.send({ from: { name: site.name, address: deps.from }, to: mail.to, ...rendered });
  };
}
