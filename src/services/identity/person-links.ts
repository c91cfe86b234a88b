// The one-time links mailed to a person (db/repositories/person-links.ts): a 256-bit secret of its
// own prefix, kept as a digest only, at most one live per person and purpose (a new one replaces
// the earlier), used once, expiring after LINK_TTL_SECONDS. The link opens at the school whose page
// asked for it, and the mail speaks that school's language.
import type { Db } from '../../db/database.ts';
import {
  findLivePersonLink,
  upsertPersonLink,
  usePersonLink,
  type PersonLinkRow,
} from '../../db/repositories/person-links.ts';
import type { PersonLinkPurpose } from '../../db/schema-identity.ts';
import { hashSecret, randomSecret, TOKEN_PREFIX } from '../../lib/secrets.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { MailTemplate } from '../mail/templates.ts';
import type { Site } from '../school/sites.ts';

/** How long a mailed link works: 30 minutes (a reset, an address to verify). */
export const LINK_TTL_SECONDS = 30 * 60;

/** Where each purpose's link opens, under the school's origin. */
export const LINK_PATHS: Record<PersonLinkPurpose, string> = {
  password_reset: '/account/password/reset/',
  email_change: '/account/email/confirm/',
  email_verify: '/account/email/verify/',
};

const PREFIX: Record<PersonLinkPurpose, string> = {
  password_reset: TOKEN_PREFIX.passwordReset,
  email_change: TOKEN_PREFIX.emailLink,
  email_verify: TOKEN_PREFIX.emailLink,
};

/**
 * Mints the person's link of `purpose` and mails it to `to`, both in `trx` (the caller's
 * transaction): the mail goes out only if the link was stored, and the link exists only if the mail
 * is on its way. `values` are the mail's, beside `link` and `expiresAt`.
 */
export async function mailPersonLink(
  trx: Db,
  mail: MailOutbox,
  site: Site,
  input: {
    personId: string;
    purpose: PersonLinkPurpose;
    to: string;
    template: MailTemplate;
    newEmail?: string;
    values?: Record<string, string>;
  },
  now = new Date(),
): Promise<void> {
  const token = randomSecret(PREFIX[input.purpose]);
  const expiresAt = new Date(now.getTime() + LINK_TTL_SECONDS * 1000);
  await upsertPersonLink(trx, {
    personId: input.personId,
    siteId: site.id,
    purpose: input.purpose,
    tokenHash: hashSecret(token),
    newEmail: input.newEmail ?? null,
    expiresAt,
  });
  await mail.enqueue(trx, site.id, {
    to: input.to,
    template: input.template,
    values: {
      ...input.values,
      link: `${site.origin}${LINK_PATHS[input.purpose]}${token}`,
      expiresAt: expiresAt.toISOString(),
    },
  });
}

/** The live link of this token at this school (to show its page); nothing is used. */
export function findLiveLink(
  db: Db,
  site: Site,
  purpose: PersonLinkPurpose,
  token: string,
): Promise<PersonLinkRow | undefined> {
  return findLivePersonLink(db, site.id, purpose, hashSecret(token));
}

/** Uses the link of this token once, in `trx`; undefined when unknown, spent or expired. */
export function useLink(
  trx: Db,
  site: Site,
  purpose: PersonLinkPurpose,
  token: string,
): Promise<PersonLinkRow | undefined> {
  return usePersonLink(trx, site.id, purpose, hashSecret(token));
}
