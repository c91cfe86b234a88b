// What an outbox row of kind `mail` holds. A mail may carry a one-time link (an invitation, a reset),
// a secret until it is used: at rest it is sealed with the key-encryption key (AES-256-GCM, bound to
// a random reference kept beside it, so a sealed payload copied to another row does not open), and
// the outbox clears the row once the mail is sent (db/repositories/outbox-messages.ts).
import { randomUUID } from 'node:crypto';
import { decryptJson, encryptJson } from '../../lib/key-encryption.ts';
import { isMailTemplate, type MailTemplate } from './templates.ts';

export type MailContent = {
  to: string;
  template: MailTemplate;
  /** What the template prints, by name; every value a string (escaped where it is inserted). */
  values: Record<string, string>;
};

export type SealedMail = { ref: string; sealed: string };

const aad = (ref: string) => `outbox-mail:${ref}`;

export function sealMail(keyEncryptionKey: Buffer, content: MailContent): SealedMail {
  const ref = randomUUID();
  return { ref, sealed: encryptJson(keyEncryptionKey, content, aad(ref)) };
}

export function openMail(keyEncryptionKey: Buffer, payload: unknown): MailContent {
  const { ref, sealed } = (payload ?? {}) as Partial<SealedMail>;
  if (typeof ref !== 'string' || typeof sealed !== 'string') throw new TypeError('not a sealed mail payload');
  const content = decryptJson(keyEncryptionKey, sealed, aad(ref)) as Partial<MailContent>;
  if (typeof content.to !== 'string' || !isMailTemplate(content.template) || typeof content.values !== 'object')
    throw new TypeError('sealed mail payload is not a mail');
  return content as MailContent;
}
